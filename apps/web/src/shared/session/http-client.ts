import { createHttpClient } from '../lib/http.ts';
import { getFreshToken } from './keycloak-session.ts';
import { showSessionDialog, useSessionStore } from './session-store.ts';

/** The app's one HTTP client: keycloak's token, the current organization, and the session-expired dialog. */
export const http = createHttpClient({
  getToken: getFreshToken,
  getOrganizationId: () => useSessionStore.getState().organizationId,
  onSessionProblem: () => showSessionDialog('session-expired'),
});
