import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyOption } from './config.ts';

describe('loadConfig', () => {
  it('runs with no settings at all: port 8080, ./data, the built-in provider', () => {
    const config = loadConfig({ INIT_CWD: '/srv/app' });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/srv/app/data');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.oidc).toMatchObject({
      external: false,
      realm: 'production',
      clientId: 'counterpart_recon',
      issuer: 'http://localhost:8080/realms/production',
    });
    expect(config.clients).toEqual({ management: 'counterpart_management', recon: 'counterpart_recon' });
    expect(config.seedDemo).toBe(true);
  });

  it('derives clients from the product key and the issuer from a company Keycloak', () => {
    const config = loadConfig({
      PRODUCT_KEY: 'acme',
      OIDC_URL: 'https://sso.example.com/',
      OIDC_REALM: 'finance',
    });
    expect(config.oidc).toMatchObject({
      external: true,
      clientId: 'acme_recon',
      issuer: 'https://sso.example.com/realms/finance',
    });
  });

  it('names every bad variable in one clear error', () => {
    const attempt = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT: .*number/);
    expect(attempt).toThrow(/DATABASE_URL: must start with postgres:\/\//);
    expect(attempt).toThrow(/SEED_DEMO: must be true or false/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(8080);
  });

  it('keeps e-mail in the outbox unless SMTP_URL is set, with 7-day invites and 1-hour reset links', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://recon.example.com' });
    expect(config.mail).toEqual({ smtpUrl: undefined, from: 'Counterpart <no-reply@recon.example.com>' });
    expect(config.inviteTtlSeconds).toBe(7 * 24 * 3600);
    expect(config.resetTtlSeconds).toBe(3600);
    const smtp = loadConfig({
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Recon <r@example.com>',
    });
    expect(smtp.mail).toEqual({
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      from: 'Recon <r@example.com>',
    });
    expect(() => loadConfig({ SMTP_URL: 'mail.example.com' })).toThrow(/SMTP_URL: must be an smtp:\/\//);
    expect(() => loadConfig({ RESET_TTL_SECONDS: '5' })).toThrow(/RESET_TTL_SECONDS/);
  });

  it('trusts no proxy by default; TRUST_PROXY names them or counts hops, never "everyone"', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,::1' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must name the proxies/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33,proxy.local' })).toThrow(
      /TRUST_PROXY: .*not 10\.0\.0\.0\/33, proxy\.local/,
    );
    const hops = trustProxyOption(2);
    expect(typeof hops === 'function' && [hops('x', 0), hops('x', 1), hops('x', 2)]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("has Keycloak's brute-force detection defaults", () => {
    const config = loadConfig({});
    expect(config.loginMaxFailures).toBe(5);
    expect(config.bruteForce).toEqual({
      waitIncrementMs: 60_000,
      maxWaitMs: 900_000,
      failureResetMs: 43_200_000,
      quickLoginCheckMs: 1000,
      minQuickLoginWaitMs: 60_000,
      addressMaxFailures: 20,
    });
  });
});
