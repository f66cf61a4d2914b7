import type { ErrorOut, KoaContextWithOIDC } from 'oidc-provider';
import { escapeHtml, renderPage } from './page-layout.ts';

export interface PagePaths {
  /** The web app's URL (publicUrl) and its path prefix. */
  appUrl: string;
  appPath: string;
  assetsPath: string;
}

/**
 * The pages oidc-provider renders, in the app's look. Sign-out submits itself (auto-submit.js):
 * keycloak-js expects no confirmation page; without JavaScript a button does the same.
 */
export function createProviderPages({ appUrl, appPath, assetsPath }: PagePaths) {
  return {
    async logoutSource(ctx: KoaContextWithOIDC, form: string) {
      const confirmed = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
      ctx.type = 'html';
      ctx.body = renderPage({
        title: 'Signing out',
        body: `<h1>Signing you out…</h1>
        <p class="lead">One moment, please.</p>
        ${confirmed}
        <noscript><button class="button" type="submit" form="op.logoutForm">Sign out</button></noscript>`,
        appPath,
        assetsPath,
        scripts: [`${assetsPath}/auto-submit.js`],
      });
    },

    async postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
      ctx.type = 'html';
      ctx.body = renderPage({
        title: 'Signed out',
        body: `<h1>You are signed out</h1>
        <p class="lead">Thank you for using Counterpart.</p>
        <a class="button" href="${escapeHtml(appUrl)}/">Sign in again</a>`,
        appPath,
        assetsPath,
      });
    },

    async renderError(ctx: KoaContextWithOIDC, out: ErrorOut) {
      ctx.type = 'html';
      const description = out.error_description ?? out.error;
      ctx.body = renderPage({
        title: 'Sign-in problem',
        body: `<h1>We could not complete the sign-in</h1>
        <p class="alert" role="alert">${escapeHtml(description)}</p>
        <a class="button" href="${escapeHtml(appUrl)}/">Back to Counterpart</a>`,
        appPath,
        assetsPath,
      });
    },
  };
}
