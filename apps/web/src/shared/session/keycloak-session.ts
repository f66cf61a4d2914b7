import { LOGOUT_DELAY_MS, TOKEN_CHECK_INTERVAL_MS, TOKEN_MIN_VALIDITY_S } from '@counterpart/domain';
import Keycloak from 'keycloak-js';
import { toast } from '../ui/toast.tsx';
import { loadAppConfig } from './app-config.ts';
import {
  organizationStateFor,
  readStoredOrganization,
  sameRoles,
  showSessionDialog,
  storeOrganization,
  userFromToken,
  useSessionStore,
} from './session-store.ts';

export const KEYCLOAK_INIT_FAILURE = 'Failure during initialization of keycloak-js adapter';

let keycloak: Keycloak | null = null;
let tokenCheck: ReturnType<typeof setInterval> | undefined;
let redirecting = false;

function origin(): string {
  return window.location.origin;
}

function tokenClaims(): Record<string, unknown> {
  return (keycloak?.tokenParsed ?? {}) as Record<string, unknown>;
}

function applyToken(): void {
  const { productKey } = useSessionStore.getState();
  const claims = tokenClaims();
  const organization = organizationStateFor(claims, readStoredOrganization(), productKey);
  // An automatic choice is remembered too, so joining a second organization later keeps the current one.
  if (organization.organizationId !== null) storeOrganization(organization.organizationId);
  useSessionStore.setState({ authenticated: true, user: userFromToken(claims), ...organization });
}

/** After each refresh: keep the new token, but a change in the current organization's roles asks to refresh. */
function onRefreshed(): void {
  const { productKey, roles, organizationId, organizationStatus } = useSessionStore.getState();
  const next = organizationStateFor(tokenClaims(), organizationId, productKey);
  if (organizationStatus === 'chosen' && !sameRoles(roles, next.roles)) {
    showSessionDialog('permissions-changed');
    return;
  }
  useSessionStore.setState({ user: userFromToken(tokenClaims()), organizations: next.organizations });
}

function startTokenCheck(): void {
  clearInterval(tokenCheck);
  tokenCheck = setInterval(() => {
    if (!keycloak?.authenticated || !keycloak.isTokenExpired(TOKEN_MIN_VALIDITY_S)) return;
    keycloak.updateToken(TOKEN_MIN_VALIDITY_S).catch(() => showSessionDialog('session-expired'));
  }, TOKEN_CHECK_INTERVAL_MS);
}

/**
 * Reads /app-config.json, starts keycloak-js with a silent check-sso and fills the session store.
 * Never throws: a failure leaves the store in status 'failed' with the message to show.
 */
export async function startSession(): Promise<void> {
  let instance: Keycloak;
  try {
    const config = await loadAppConfig();
    useSessionStore.setState({ productKey: config.productKey });
    instance = new Keycloak({
      url: config.oidc.url,
      realm: config.oidc.realm,
      clientId: config.oidc.clientId,
    });
  } catch (error) {
    console.error(error);
    useSessionStore.setState({ status: 'failed', failure: KEYCLOAK_INIT_FAILURE });
    return;
  }
  keycloak = instance;
  instance.onAuthRefreshSuccess = onRefreshed;
  instance.onAuthRefreshError = () => showSessionDialog('session-expired');
  instance.onAuthLogout = () => {
    if (useSessionStore.getState().authenticated) showSessionDialog('session-expired');
  };
  try {
    const authenticated = await instance.init({
      onLoad: 'check-sso',
      silentCheckSsoRedirectUri: `${origin()}/silent-check-sso.html`,
      pkceMethod: 'S256',
      checkLoginIframe: true,
    });
    if (authenticated) {
      applyToken();
      startTokenCheck();
    }
    useSessionStore.setState({ status: 'ready' });
  } catch (error) {
    console.error(KEYCLOAK_INIT_FAILURE, error);
    useSessionStore.setState({ status: 'failed', failure: KEYCLOAK_INIT_FAILURE });
  }
}

/** Sends the browser to the identity provider's login; back on /dashboard afterwards. */
export function login(): void {
  startLogin(undefined);
}

/**
 * The login with the e-mail field filled in (after sign-up or for an invitation); back on `returnPath`
 * (same origin) afterwards.
 */
export function loginAs(email: string, returnPath = '/dashboard'): void {
  startLogin(email, returnPath);
}

function startLogin(loginHint: string | undefined, returnPath = '/dashboard'): void {
  if (!keycloak || useSessionStore.getState().status === 'failed') {
    toast.error(KEYCLOAK_INIT_FAILURE);
    return;
  }
  // One redirect at a time (a double click, or a guard rendering twice, must not start two logins).
  if (redirecting) return;
  redirecting = true;
  keycloak.login({ redirectUri: `${origin()}${returnPath}`, loginHint }).catch(() => {
    redirecting = false;
  });
}

/** Logs out at the identity provider; back on / afterwards. */
export function logout(): void {
  clearInterval(tokenCheck);
  if (!keycloak) {
    window.location.assign('/');
    return;
  }
  void keycloak.logout({ redirectUri: `${origin()}/` });
}

/** "Your Session Has Expired" → Logout: forget everything stored, then log out after a short delay. */
export function logoutClearingStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
  setTimeout(logout, LOGOUT_DELAY_MS);
}

/** "Your Permissions Have Changed" → Refresh: force a token refresh, then reload with the new roles. */
export async function refreshPermissions(): Promise<void> {
  try {
    await keycloak?.updateToken(-1);
  } finally {
    window.location.reload();
  }
}

/**
 * A token valid for at least 5 more seconds (or `minValiditySeconds`; -1 forces a refresh), for API
 * calls and the socket; undefined when signed out or refresh fails.
 */
export async function getFreshToken(minValiditySeconds = 5): Promise<string | undefined> {
  if (!keycloak?.authenticated) return undefined;
  try {
    await keycloak.updateToken(minValiditySeconds);
  } catch {
    showSessionDialog('session-expired');
    return undefined;
  }
  return keycloak.token;
}

/** Makes `organizationId` current: stored for next time, roles recomputed from the token. */
export function selectOrganization(organizationId: string): void {
  storeOrganization(organizationId);
  const { productKey } = useSessionStore.getState();
  useSessionStore.setState(organizationStateFor(tokenClaims(), organizationId, productKey));
}
