import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type Provider from 'oidc-provider';
import { FormTooLargeError, readForm, requestWithForm } from './form-request.ts';
import { OIDC_ROUTES } from './oidc-configuration.ts';
import type { RefreshTokenEnvelope } from './refresh-token-envelope.ts';

type ProviderRequest = IncomingMessage & { originalUrl?: string };

/** The form field that carries a refresh token, by endpoint. */
const REFRESH_TOKEN_FIELDS = new Map([
  [OIDC_ROUTES.token, 'refresh_token'],
  [OIDC_ROUTES.revocation, 'token'],
  [OIDC_ROUTES.introspection, 'token'],
]);

/**
 * Hands every other request under the realm to oidc-provider, in a scope of its own: no body
 * parser reads the stream (oidc-provider parses its own bodies, or /token answers 415), the reply
 * is hijacked, and the provider sees the URL without the mount prefix (the original stays in
 * originalUrl, from which it derives its own URLs).
 */
export function providerRoutes(provider: Provider, envelope: RefreshTokenEnvelope): FastifyPluginAsync {
  return async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const callback = provider.callback();
    const mountPath = scope.prefix;

    scope.all('/*', async (request, reply) => {
      reply.hijack();
      const raw = request.raw as ProviderRequest;
      const originalUrl = raw.url ?? '/';
      raw.originalUrl = originalUrl;
      raw.url = originalUrl.slice(mountPath.length) || '/';
      try {
        await callback(await withOpaqueRefreshToken(raw, envelope), reply.raw);
      } catch (error) {
        const tooLarge = error instanceof FormTooLargeError;
        if (!tooLarge) request.log.error({ err: error }, 'identity provider request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(tooLarge ? 413 : 500, { 'content-type': 'application/json' });
          const description = tooLarge ? 'request entity too large' : 'unexpected error';
          reply.raw.end(
            JSON.stringify({
              error: tooLarge ? 'invalid_request' : 'server_error',
              error_description: description,
            }),
          );
        } else {
          reply.raw.end();
        }
      } finally {
        raw.url = originalUrl;
      }
    });
  };
}

/**
 * Refresh tokens reach the client in a JWT envelope: take the opaque token out of it before the
 * provider reads the form. Anything else (an opaque token, a forged envelope) goes through as is
 * and is refused by the provider.
 */
async function withOpaqueRefreshToken(raw: ProviderRequest, envelope: RefreshTokenEnvelope) {
  const field = REFRESH_TOKEN_FIELDS.get(raw.url?.split('?')[0] ?? '');
  const isForm = (raw.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  if (raw.method !== 'POST' || !field || !isForm) return raw;
  const form = await readForm(raw);
  const value = form.get(field);
  const opaque = value ? await envelope.unwrap(value) : null;
  if (opaque) form.set(field, opaque);
  return requestWithForm(raw, form);
}
