/**
 * "Account created" on the sign-in page after an invitation made a new account. The accept call
 * leaves a short-lived cookie; the sign-in page reads it once, says so above the e-mail (which the
 * login hint fills) and clears it. An external identity provider ignores the cookie.
 */
export const ACCOUNT_CREATED_COOKIE = 'cp_account_created';
const MAX_AGE_SECONDS = 600;

export function accountCreatedCookie(secure: boolean): string {
  return `${ACCOUNT_CREATED_COOKIE}=1; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearAccountCreatedCookie(secure: boolean): string {
  return `${ACCOUNT_CREATED_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Whether a Cookie header carries the notice. */
export function hasAccountCreatedNotice(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((part) => part.trim() === `${ACCOUNT_CREATED_COOKIE}=1`);
}
