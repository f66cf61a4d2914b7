import {
  type AcceptInvite,
  type ForgotPassword,
  inviteAcceptedSchema,
  inviteDescriptionSchema,
  messageResponseSchema,
  type ResetPassword,
  type Signup,
} from '@counterpart/contracts';
import { http } from '../../shared/session/http-client.ts';

/**
 * POST /api/users/onboarding/signup: a new organization and its first admin; the same answer when
 * the e-mail already has an account (its owner is e-mailed), so the next step is always sign-in.
 */
export function signUp(input: Signup) {
  return http.post('/api/users/onboarding/signup', input, { schema: messageResponseSchema });
}

/** POST /api/users/onboarding/forgot-password: the same answer whether or not the e-mail exists. */
export function requestPasswordReset(input: ForgotPassword) {
  return http.post('/api/users/onboarding/forgot-password', input, { schema: messageResponseSchema });
}

/** POST /api/users/onboarding/reset-password: the e-mailed link's token and the new password. */
export function resetPassword(input: ResetPassword) {
  return http.post('/api/users/onboarding/reset-password', input, { schema: messageResponseSchema });
}

/** GET /api/users/organization/users/invite/describe?token=: whose invitation, to which organization. */
export function describeInvite(token: string, signal?: AbortSignal) {
  return http.get('/api/users/organization/users/invite/describe', {
    query: { token },
    schema: inviteDescriptionSchema,
    signal,
  });
}

/** POST /api/users/organization/users/invite/accept: a new account sends its name and password. */
export function acceptInvite(input: AcceptInvite) {
  return http.post('/api/users/organization/users/invite/accept', input, { schema: inviteAcceptedSchema });
}
