import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the contracts' zod schemas, and a reference page. */
export async function registerOpenApi(app: FastifyInstance) {
  // The identity provider keeps Keycloak's paths: list the ones people call, under their own tag,
  // and leave out its pages, assets and the catch-all that hands requests to oidc-provider.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/realms/')) return;
    const documented = /\/(userinfo|account|orgs)$/.test(route.url);
    route.schema = { ...route.schema, tags: ['identity (Keycloak-compatible)'], hide: !documented };
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Counterpart API',
        description:
          'Every /api route needs `Authorization: Bearer <access token>`; organization-scoped routes also need the `Organization` header (the organization id).',
        version: '0.1.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true }, config: { public: true } }, async () =>
    app.swagger(),
  );
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { url: '/api/openapi.json', docExpansion: 'list', deepLinking: true },
    staticCSP: false,
  });
}
