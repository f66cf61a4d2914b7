import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Security headers on every response. The CSP allows only the app's own scripts; the identity
 * provider's iframes (silent check-sso, session status) work because they are on the same origin,
 * or on the company Keycloak's origin when OIDC_URL is set.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const idp = config.oidc.external ? [new URL(config.oidc.url).origin] : [];
  await app.register(helmet, {
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
}
