import type { Config } from '../config.ts';

/** The resource (audience) of the API's access tokens; keycloak-js never sends `resource`. */
export function apiResource(productKey: string) {
  return `urn:${productKey}:api`;
}

/**
 * Who an access token may be for: the product's clients (Keycloak puts the client in `azp`, and
 * often `account` in `aud`) or the API resource (the built-in provider's `aud`).
 */
export function productAudiences(
  config: Pick<Config, 'oidc' | 'clients' | 'productKey'>,
): ReadonlySet<string> {
  return new Set([
    config.oidc.clientId,
    config.clients.management,
    config.clients.recon,
    apiResource(config.productKey),
  ]);
}

/** True when the token's `azp` is one of `accepted`, or its `aud` (string or list) holds one of them. */
export function isForProduct(
  payload: { azp?: unknown; aud?: unknown },
  accepted: ReadonlySet<string>,
): boolean {
  if (typeof payload.azp === 'string' && accepted.has(payload.azp)) return true;
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  return audiences.some((aud) => typeof aud === 'string' && accepted.has(aud));
}
