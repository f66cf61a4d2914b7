import type { ClientRoles, UserOrganization } from '@counterpart/contracts';

/** The user fields the provider turns into claims. */
export interface ClaimsUser {
  id: string;
  email: string;
  username: string;
  fullName: string;
}

export interface ClientIds {
  management: string;
  recon: string;
}

/** Standard OpenID profile claims, as Keycloak gives them (id token, userinfo, access token). */
export function profileClaims(user: ClaimsUser) {
  const [givenName = '', ...rest] = user.fullName.trim().split(/\s+/);
  return {
    sub: user.id,
    name: user.fullName || user.username,
    preferred_username: user.username,
    given_name: givenName,
    family_name: rest.join(' '),
    email: user.email,
  };
}

/** Keycloak's account representation, answered at /realms/{realm}/account. */
export function accountRepresentation(user: ClaimsUser) {
  const profile = profileClaims(user);
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: profile.given_name,
    lastName: profile.family_name,
    emailVerified: false,
    attributes: {},
  };
}

/** Per organization roles keyed by client id, Keycloak's resource_access naming. */
function rolesByClient(roles: ClientRoles, clients: ClientIds) {
  return { [clients.management]: roles.management, [clients.recon]: roles.recon };
}

/** The roles held in every one of the organizations (none when there is no organization). */
export function rolesInEveryOrganization(
  organizations: UserOrganization[],
  scope: keyof ClientRoles,
): string[] {
  const [first, ...others] = organizations;
  if (!first) return [];
  return first.roles[scope].filter((role) => others.every((org) => org.roles[scope].includes(role)));
}

export interface AccessTokenClaimsInput {
  user: ClaimsUser;
  organizations: UserOrganization[];
  /** The provider session's uid: keycloak-js reads it as `sid` and the session iframe compares it. */
  sessionUid: string | undefined;
  clientId: string;
  clients: ClientIds;
  realm: string;
}

/**
 * The Keycloak-shaped claims of an access token (spec §3 login token). `resource_access` holds the
 * roles the user has in every organization; the roles of each organization are under
 * `organization[id].roles`, which is what the app and the API read for the current organization.
 */
export function accessTokenClaims(input: AccessTokenClaimsInput) {
  const { user, organizations, sessionUid, clientId, clients, realm } = input;
  const { sub: _sub, ...profile } = profileClaims(user);
  const organization = Object.fromEntries(
    organizations.map((org) => [
      org.id,
      { name: org.name, attributes: org.attributes, roles: rolesByClient(org.roles, clients) },
    ]),
  );
  return {
    typ: 'Bearer',
    azp: clientId,
    ...profile,
    ...(sessionUid ? { sid: sessionUid, session_state: sessionUid } : {}),
    realm_access: { roles: [`default-roles-${realm}`] },
    resource_access: {
      [clients.management]: { roles: rolesInEveryOrganization(organizations, 'management') },
      [clients.recon]: { roles: rolesInEveryOrganization(organizations, 'recon') },
    },
    organization,
  };
}
