-- Keycloak keeps its realm in a database of its own on the same PostgreSQL server.
CREATE DATABASE keycloak OWNER counterpart;
