import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';

/** The provider's browser scripts, served from ./assets (external files: the CSP allows no inline script). */
const SCRIPTS = [
  'theme-fallback.js',
  'auto-submit.js',
  '3p-cookies-step2.js',
  'login-status-iframe.js',
] as const;

function loadScripts(): Map<string, string> {
  const folder = path.join(import.meta.dirname, 'assets');
  return new Map(SCRIPTS.map((name) => [name, readFileSync(path.join(folder, name), 'utf8')]));
}

function scriptPage(title: string, src: string) {
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${title}</title></head>
  <body><script src="${src}"></script></body>
</html>`;
}

/**
 * The pages keycloak-js loads in hidden iframes besides the OIDC endpoints: the third-party cookie
 * check (step1 sets a cookie, step2 reports it) and the session status iframe with its /init check.
 */
export const keycloakPages: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const scripts = loadScripts();
  const assets = `${app.prefix}/assets`;
  const openid = '/protocol/openid-connect';
  const appOrigin = new URL(config.publicUrl).origin;

  app.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
    const script = scripts.get(request.params.name);
    if (script === undefined) return reply.status(404).send({ message: 'No such asset' });
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(script);
  });

  // Step 1 sets the test cookies (SameSite=None needs Secure, so a Lax one too) and goes to step 2.
  app.get(`${openid}/3p-cookies/step1.html`, async (_request, reply) => {
    const cookiePath = `${app.prefix}${openid}/3p-cookies`;
    const secure = config.publicUrl.startsWith('https:');
    const cookies = [
      `KEYCLOAK_3P_COOKIE=supported; Max-Age=60; Path=${cookiePath}; SameSite=Lax`,
      ...(secure
        ? [`KEYCLOAK_3P_COOKIE_SAMESITE=supported; Max-Age=60; Path=${cookiePath}; SameSite=None; Secure`]
        : []),
    ];
    return reply
      .header('set-cookie', cookies)
      .header('cache-control', 'no-store')
      .redirect('step2.html', 302);
  });

  const pages: Array<[string, string, string]> = [
    [`${openid}/3p-cookies/step2.html`, 'Third-party cookie check', `${assets}/3p-cookies-step2.js`],
    [`${openid}/login-status-iframe.html`, 'Session status', `${assets}/login-status-iframe.js`],
  ];
  for (const [url, title, src] of pages) {
    app.get(url, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(scriptPage(title, src)),
    );
  }

  // keycloak-js's iframe asks once whether its client and the app's origin are known here.
  app.get<{ Querystring: { client_id?: string; origin?: string } }>(
    `${openid}/login-status-iframe.html/init`,
    async (request, reply) => {
      const { client_id: clientId, origin } = request.query;
      const known = clientId === config.oidc.clientId && origin === appOrigin;
      return reply
        .status(known ? 204 : 403)
        .header('cache-control', 'no-store')
        .send();
    },
  );
};
