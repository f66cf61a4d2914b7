import { z } from 'zod';

/**
 * GET /app-config.json (public, outside /api): what the browser needs before sign-in.
 * The web app reads it at start so one build serves the built-in provider or a company Keycloak.
 */
export const appConfigSchema = z.object({
  productKey: z.string(),
  oidc: z.object({
    url: z.string(),
    realm: z.string(),
    clientId: z.string(),
  }),
  builtInIdentity: z.boolean(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
