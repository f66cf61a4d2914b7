import { type AppConfig, appConfigSchema } from '@counterpart/contracts';

/** GET /app-config.json: product key and identity provider, read once before keycloak-js starts. */
export async function loadAppConfig(): Promise<AppConfig> {
  const response = await fetch('/app-config.json', {
    headers: { Accept: 'application/json' },
    cache: 'no-cache',
  });
  if (!response.ok) throw new Error(`GET /app-config.json answered ${response.status}`);
  return appConfigSchema.parse(await response.json());
}
