import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** Headers of the probe's answer that are not helmet's. */
const NOT_SECURITY = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * Security headers on every response. The CSP allows only the app's own scripts; the identity
 * provider's iframes (silent check-sso, session status) work because they are on the same origin,
 * or on the company Keycloak's origin when OIDC_URL is set.
 *
 * @fastify/helmet rebuilds helmet (parsing the CSP directives) on every request, a tenth of a small
 * GET's time; the headers never vary here, so they are computed once, by asking helmet on a probe
 * instance, and set on each raw response (the identity provider's hijacked replies included).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = await securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

async function securityHeaders(config: Config): Promise<[string, string][]> {
  const idp = config.oidc.external ? [new URL(config.oidc.url).origin] : [];
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...idp],
        frameSrc: ["'self'", ...idp],
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...idp],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  probe.get('/', async () => 'probe');
  const answer = await probe.inject({ url: '/' });
  await probe.close();
  return Object.entries(answer.headers)
    .filter(([name]) => !NOT_SECURITY.has(name))
    .map(([name, value]) => [name, String(value)]);
}
