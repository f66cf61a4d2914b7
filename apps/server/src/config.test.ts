import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
});
