// Hands the silent check-sso result back to keycloak-js (an external file: the CSP allows no inline script).
parent.postMessage(location.href, location.origin);
