#!/usr/bin/env bash
# Run once after the realm import (compose runs it as keycloak-setup). Counterpart reads the
# `organization` claim as an object keyed by organization — { "<alias>": { "id": …, <attributes> } } —
# and takes the key as the Counterpart organization id (so give each Keycloak organization the
# alias of its Counterpart organization's id). Keycloak's own `organization` client scope already
# has the membership mapper that writes that claim, as a bare list of aliases by default: this turns
# on its id and attributes (an object then). A second mapper on the client would write the claim
# twice (Keycloak joins them into a list), so the existing one is changed, not another added.
set -euo pipefail
KCADM=/opt/keycloak/bin/kcadm.sh
REALM=production
$KCADM config credentials --server "${KEYCLOAK_URL:-http://keycloak:8080}" --realm master \
  --user admin --password "$KEYCLOAK_ADMIN_PASSWORD"

# kcadm prints JSON; the image has no jq: one object per line, then pick the "id" field.
one_per_line() { tr -d '\n' | sed 's/},[[:space:]]*{/}\n{/g'; }
id_of() { sed -n 's/.*"id"[[:space:]]*:[[:space:]]*"\([^"]*\)".*/\1/p' | head -1; }

scope=$($KCADM get client-scopes -r "$REALM" --fields id,name | one_per_line | grep '"name" *: *"organization"' | id_of)
if [ -z "$scope" ]; then
  echo "The realm has no organization client scope: is the organizations feature enabled?" >&2
  exit 1
fi
mapper=$($KCADM get "client-scopes/$scope/protocol-mappers/models" -r "$REALM" --fields id,protocolMapper \
  | one_per_line | grep 'oidc-organization-membership-mapper' | id_of)
$KCADM update "client-scopes/$scope/protocol-mappers/models/$mapper" -r "$REALM" \
  -s 'config."claim.name"=organization' \
  -s 'config."jsonType.label"=JSON' \
  -s 'config."multivalued"=true' \
  -s 'config."addOrganizationId"=true' \
  -s 'config."addOrganizationAttributes"=true' \
  -s 'config."access.token.claim"=true' \
  -s 'config."id.token.claim"=true'
echo "The organization claim of realm $REALM now carries each organization's id and attributes"
