import { type AppConfig, appConfigSchema } from '@counterpart/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

/** What the browser needs before sign-in: where the identity provider is and the product key. */
export const appConfigRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const body: AppConfig = {
    productKey: config.productKey,
    oidc: { url: config.oidc.url, realm: config.oidc.realm, clientId: config.oidc.clientId },
    builtInIdentity: !config.oidc.external,
  };
  app.get(
    '/app-config.json',
    { schema: { tags: ['health'], response: { 200: appConfigSchema } } },
    async (_request, reply) => reply.header('Cache-Control', 'no-cache').send(body),
  );
};
