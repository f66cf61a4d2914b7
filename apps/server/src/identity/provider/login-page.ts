import { escapeHtml, renderPage } from './page-layout.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password.';

export function tooManyAttemptsMessage(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const [n, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `Too many failed sign-in attempts. Try again in ${n} ${unit}${n === 1 ? '' : 's'}.`;
}

export interface LoginPageOptions {
  /** Where the form posts (the interaction's URL). */
  action: string;
  email: string;
  error: string | null;
  appPath: string;
  assetsPath: string;
  /** A note above the form (an invitation's new account: "Account created."). */
  notice?: string | null;
}

/** The sign-in page: Email, Password, Sign in, and the links to password recovery and sign-up. */
export function renderLoginPage({
  action,
  email,
  error,
  appPath,
  assetsPath,
  notice = null,
}: LoginPageOptions): string {
  const alert = error
    ? `<p class="alert" role="alert">${escapeHtml(error)}</p>`
    : notice
      ? `<p class="notice" role="status">${escapeHtml(notice)}</p>`
      : '';
  const body = `<h1>Sign in</h1>
        <p class="lead">Welcome back. Sign in to continue to Counterpart.</p>
        ${alert}
        <form method="post" action="${escapeHtml(action)}">
          <div class="field">
            <label for="email">Email</label>
            <input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${email ? '' : ' autofocus'}>
          </div>
          <div class="field">
            <div class="label-row">
              <label for="password">Password</label>
              <a href="${escapeHtml(appPath)}/auth/forgot-password">Forgot password?</a>
            </div>
            <input id="password" name="password" type="password" autocomplete="current-password" required${email ? ' autofocus' : ''}>
          </div>
          <button class="button" type="submit">Sign in</button>
        </form>
        <p class="footer">New to Counterpart? <a href="${escapeHtml(appPath)}/auth/signup">Create an account</a></p>`;
  return renderPage({ title: 'Sign in', body, appPath, assetsPath });
}

/** Shown when the sign-in link is stale (expired interaction, lost cookie): start again from the app. */
export function renderSignInExpiredPage(options: { appUrl: string; appPath: string; assetsPath: string }) {
  const body = `<h1>This sign-in has expired</h1>
        <p class="lead">Sign-in pages are valid for a limited time. Go back to Counterpart to sign in again.</p>
        <a class="button" href="${escapeHtml(options.appUrl)}/">Back to Counterpart</a>`;
  return renderPage({
    title: 'Sign-in expired',
    body,
    appPath: options.appPath,
    assetsPath: options.assetsPath,
  });
}
