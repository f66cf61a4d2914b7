import { randomUUID } from 'node:crypto';
import { expectLocation, formAction, pkcePair, redirectParams, TestBrowser } from './oidc-test-browser.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './seed.ts';

export const CLIENT = 'counterpart_recon';

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
  error?: string;
}

/**
 * The steps keycloak-js and a user take against the server at `appUrl` (test support): start an
 * authorization request, fill the sign-in page, exchange the code, refresh.
 */
export function createSignInFlows(appUrl: string) {
  const realm = `${appUrl}/realms/production`;

  /** A browser coming from its own address, so one test's failed sign-ins do not lock out the others. */
  function newBrowser() {
    const byte = () => Math.floor(Math.random() * 250);
    return new TestBrowser(appUrl, { 'x-forwarded-for': `10.0.${byte()}.${byte()}` });
  }

  async function startSignIn(
    browser: TestBrowser,
    overrides: Record<string, string> = {},
    base = realm,
    headers: Record<string, string> = {},
  ) {
    const pkce = pkcePair();
    const params = {
      client_id: CLIENT,
      redirect_uri: `${appUrl}/dashboard`,
      response_type: 'code',
      response_mode: 'fragment',
      scope: 'openid',
      state: randomUUID(),
      nonce: randomUUID(),
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      ...overrides,
    };
    const query = new URLSearchParams(params);
    const response = await browser.fetch(`${base}/protocol/openid-connect/auth?${query}`, { headers });
    return { response, pkce, params };
  }

  /** Opens the sign-in page of a new authorization request; returns where its form posts. */
  async function openLoginPage(browser: TestBrowser) {
    const start = await startSignIn(browser);
    const page = await browser.fetch(expectLocation(start.response));
    const html = await page.text();
    return { ...start, page, html, action: formAction(html) };
  }

  async function signIn(browser: TestBrowser, email: string = DEMO_USERS.admin, password = DEMO_PASSWORD) {
    const login = await openLoginPage(browser);
    const submitted = await browser.postForm(login.action, { email, password });
    const location = expectLocation(await browser.fetch(expectLocation(submitted)));
    return { ...login, location, callback: redirectParams(location) };
  }

  function tokenRequest(browser: TestBrowser, form: Record<string, string>, base = realm, headers = {}) {
    return browser.postForm(
      `${base}/protocol/openid-connect/token`,
      { client_id: CLIENT, ...form },
      { origin: appUrl, ...headers },
    );
  }

  async function signInWithTokens(email: string = DEMO_USERS.admin, password = DEMO_PASSWORD) {
    const browser = newBrowser();
    const flow = await signIn(browser, email, password);
    const response = await tokenRequest(browser, {
      grant_type: 'authorization_code',
      code: flow.callback.get('code') ?? '',
      redirect_uri: flow.params.redirect_uri,
      code_verifier: flow.pkce.verifier,
    });
    if (response.status !== 200) throw new Error(`Token request failed: ${response.status}`);
    return { browser, flow, tokens: (await response.json()) as TokenResponse };
  }

  return { realm, newBrowser, startSignIn, openLoginPage, signIn, tokenRequest, signInWithTokens };
}
