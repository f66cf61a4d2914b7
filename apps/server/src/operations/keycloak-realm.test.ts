import { readFileSync } from 'node:fs';
import path from 'node:path';
import { roleCatalog } from '@counterpart/domain';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { defaultGroups } from '../identity/seed.ts';

/**
 * deploy/keycloak/production-realm.json is what the compose file imports into the company
 * Keycloak: it must give the product what its built-in provider gives (config.ts, permissions.ts,
 * seed.ts), or sign-in or every permission check fails only once deployed.
 */
interface RealmClient {
  clientId: string;
  publicClient?: boolean;
  bearerOnly?: boolean;
  standardFlowEnabled?: boolean;
  implicitFlowEnabled?: boolean;
  directAccessGrantsEnabled?: boolean;
  redirectUris?: string[];
  webOrigins?: string[];
  attributes?: Record<string, string>;
  defaultClientScopes?: string[];
  protocolMappers?: Array<{ config?: Record<string, string> }>;
}
interface Realm {
  realm: string;
  enabled: boolean;
  organizationsEnabled?: boolean;
  clients: RealmClient[];
  roles: { client: Record<string, Array<{ name: string }>> };
  groups: Array<{ name: string; clientRoles: Record<string, string[]> }>;
}

const realmFile = path.resolve(import.meta.dirname, '../../../../deploy/keycloak/production-realm.json');
const realm = JSON.parse(readFileSync(realmFile, 'utf8')) as Realm;
// The settings the compose file gives the servers: the defaults but for the Keycloak.
const config = loadConfig({ OIDC_URL: 'http://counterpart.localtest.me:8080' });
const client = (id: string) => {
  const found = realm.clients.find((c) => c.clientId === id);
  if (!found) throw new Error(`The realm export has no client ${id}`);
  return found;
};

describe('the Keycloak realm export (deploy/keycloak)', () => {
  it('is the realm the servers verify tokens against', () => {
    expect(realm.realm).toBe(config.oidc.realm);
    expect(realm.enabled).toBe(true);
    expect(realm.organizationsEnabled).toBe(true);
  });

  it('has the web app client the browser signs in with: public, code flow with PKCE S256 only', () => {
    const recon = client(config.oidc.clientId);
    expect(recon.clientId).toBe(config.clients.recon);
    expect(recon).toMatchObject({
      publicClient: true,
      standardFlowEnabled: true,
      implicitFlowEnabled: false,
      directAccessGrantsEnabled: false,
    });
    expect(recon.attributes?.['pkce.code.challenge.method']).toBe('S256');
    // Redirects back to any page of one origin (the app's routes), never a bare wildcard.
    expect(recon.redirectUris?.length).toBeGreaterThan(0);
    for (const uri of recon.redirectUris ?? []) expect(uri).toMatch(/^https?:\/\/[^/*]+\/\*$/);
    const origins = (recon.redirectUris ?? []).map((uri) => new URL(uri.replace(/\*$/, '')).origin);
    expect(recon.webOrigins).toEqual(origins);
    expect(recon.attributes?.['post.logout.redirect.uris']).toBe(recon.redirectUris?.join('##'));
    // The organization claim comes from Keycloak's own organization scope (one mapper per claim).
    expect(recon.defaultClientScopes).toEqual(
      expect.arrayContaining(['organization', 'roles', 'profile', 'email']),
    );
    const organizationMappers = (recon.protocolMappers ?? []).filter(
      (m) => m.config?.['claim.name'] === 'organization',
    );
    expect(organizationMappers).toEqual([]);
  });

  it('has the management client, which holds roles and signs nobody in', () => {
    expect(client(config.clients.management)).toMatchObject({ bearerOnly: true, standardFlowEnabled: false });
  });

  it('defines every role the product checks, on the client the product reads it from', () => {
    const defined = (id: string) => (realm.roles.client[id] ?? []).map((role) => role.name).sort();
    const expected = (which: 'management' | 'recon') =>
      roleCatalog(config.productKey)
        .filter((grant) => grant.client === which)
        .map((grant) => grant.role)
        .sort();
    expect(defined(config.clients.management)).toEqual(expected('management'));
    expect(defined(config.clients.recon)).toEqual(expected('recon'));
    expect(defined(config.clients.management)).toContain('organization-admin');
  });

  it('has the groups a new organization gets (Administrators, Reconcilers, Viewers) with the same roles', () => {
    const groups = defaultGroups(config.productKey);
    expect(realm.groups.map((g) => g.name).sort()).toEqual(Object.keys(groups).sort());
    for (const group of realm.groups) {
      const grants = groups[group.name as keyof typeof groups];
      for (const which of ['management', 'recon'] as const) {
        expect(group.clientRoles[config.clients[which]]?.slice().sort(), `${group.name} ${which}`).toEqual(
          grants
            .filter((g) => g.client === which)
            .map((g) => g.role)
            .sort(),
        );
      }
    }
  });
});
