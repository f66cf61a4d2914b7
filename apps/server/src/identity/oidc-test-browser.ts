import { createHash, randomBytes } from 'node:crypto';

/**
 * A minimal browser for the identity tests: a cookie jar (name, path, expiry), no automatic
 * redirects, and the sign-in steps keycloak-js and a user go through. Test support only.
 */
export class TestBrowser {
  private readonly jar = new Map<string, { name: string; value: string; path: string }>();

  constructor(
    readonly origin: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url, this.origin);
    const cookie = [...this.jar.values()]
      .filter(
        (c) =>
          target.pathname === c.path ||
          target.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`),
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const response = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...(cookie ? { cookie } : {}),
        ...(init.headers as Record<string, string>),
      },
    });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form).toString(),
    });
  }

  cookie(name: string): string | undefined {
    return [...this.jar.values()].find((c) => c.name === name)?.value;
  }

  private store(line: string) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const at = pair.indexOf('=');
    const name = pair.slice(0, at);
    const value = pair.slice(at + 1);
    const attribute = (key: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const path = attribute('path') ?? '/';
    const expires = attribute('expires');
    const maxAge = attribute('max-age');
    const gone =
      value === '' || (expires && Date.parse(expires) < Date.now()) || (maxAge && Number(maxAge) <= 0);
    if (gone) this.jar.delete(`${name};${path}`);
    else this.jar.set(`${name};${path}`, { name, value, path });
  }
}

export function pkcePair() {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The payload of a JWT, read without verification (as keycloak-js does). */
export function decodeJwt(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8'));
}

/** The parameters of a redirect's query or fragment. */
export function redirectParams(location: string): URLSearchParams {
  const url = new URL(location);
  return new URLSearchParams(url.hash ? url.hash.slice(1) : url.search);
}

export function expectLocation(response: Response): string {
  const location = response.headers.get('location');
  if (!location || response.status < 300 || response.status >= 400) {
    throw new Error(`Expected a redirect, got ${response.status} ${location ?? ''}`);
  }
  return location;
}

/** The action of the page's form (the sign-in form posts to its interaction URL). */
export function formAction(html: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('No form on the page');
  return action.replaceAll('&amp;', '&');
}
