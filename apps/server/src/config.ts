import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting of the server, read once from the environment and validated.
 * Nothing else reads process.env. The README's configuration table mirrors this file.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as http://localhost:8080' }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  PRODUCT_KEY: z
    .string()
    .regex(/^[a-z][a-z0-9_]*$/, 'must be lowercase letters, digits and underscores')
    .default('counterpart'),
  SEED_DEMO: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // GET /metrics answers only with this bearer token; unset, /metrics does not exist (http/metrics.ts).
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(1000),
  OIDC_URL: z.url({ message: 'must be the base URL of a Keycloak, e.g. https://sso.example.com' }).optional(),
  OIDC_REALM: z.string().min(1).default('production'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).max(3600).default(300),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  // Keycloak's brute-force detection settings (identity/provider/account-lockout.ts); seconds may be fractional.
  LOGIN_WAIT_INCREMENT_SECONDS: z.coerce.number().positive().default(60),
  LOGIN_MAX_WAIT_SECONDS: z.coerce.number().positive().default(900),
  LOGIN_FAILURE_RESET_SECONDS: z.coerce
    .number()
    .positive()
    .default(12 * 3600),
  LOGIN_QUICK_CHECK_MS: z.coerce.number().int().min(0).default(1000),
  LOGIN_MIN_QUICK_WAIT_SECONDS: z.coerce.number().positive().default(60),
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(20),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    })
    .optional(),
  WEB_DIST: z.string().optional(),
  WORKERS: booleanFlag.default(true),
  EXPORT_TTL_SECONDS: z.coerce.number().int().min(1).default(3600),
  DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, 'must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  INVITE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(7 * 24 * 3600),
  RESET_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  // Above the 2-second heartbeat of a running execution, with room for a slow beat.
  EXECUTION_STALE_SECONDS: z.coerce
    .number()
    .int()
    .min(5, { message: 'must be at least 5 (a running execution beats every 2 s)' })
    .default(30),
});

/** Which proxies may say who the client is (X-Forwarded-For): none, a hop count, or these addresses. */
export type TrustProxy = false | number | string[];

/** TRUST_PROXY: a hop count, or addresses / CIDRs / proxy-addr names; a string is what is wrong. */
export function parseTrustProxy(value: string): TrustProxy | string {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  if (/^(true|yes|\*)$/i.test(text)) {
    return 'must name the proxies (addresses or CIDRs, e.g. 10.0.0.5,10.1.0.0/16) or a hop count: trusting every client lets anyone choose their address';
  }
  if (/^(false|no|0)$/i.test(text)) return false;
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const names = ['loopback', 'linklocal', 'uniquelocal'];
  const bad = entries.filter((entry) => {
    if (names.includes(entry)) return false;
    const [address = '', prefix, extra] = entry.split('/');
    const kind = isIP(address);
    if (kind === 0 || extra !== undefined) return true;
    if (prefix === undefined) return false;
    const bits = Number(prefix);
    return !/^\d+$/.test(prefix) || bits > (kind === 4 ? 32 : 128);
  });
  if (entries.length === 0 || bad.length > 0) {
    return `must be a hop count or addresses / CIDRs separated by commas (not ${bad.join(', ') || 'empty'})`;
  }
  return entries;
}

/** TRUST_PROXY as Fastify's `trustProxy` takes it (a hop count as proxy-addr's function of the hop). */
export function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  productKey: string;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Bearer token of GET /metrics; undefined: no /metrics. */
  metricsToken: string | undefined;
  /** A request slower than this is logged as a warning. */
  slowRequestMs: number;
  /** Where tokens come from: the built-in provider, or a company Keycloak. */
  oidc: { external: boolean; url: string; realm: string; clientId: string; issuer: string };
  clients: { management: string; recon: string };
  bodyLimit: number;
  accessTokenTtl: number;
  /** Failed sign-ins of one account before its first wait (Keycloak's Max Login Failures). */
  loginMaxFailures: number;
  /** The rest of Keycloak's brute-force detection, in milliseconds, and the per-address cap. */
  bruteForce: {
    waitIncrementMs: number;
    maxWaitMs: number;
    failureResetMs: number;
    quickLoginCheckMs: number;
    minQuickLoginWaitMs: number;
    /** Failed sign-ins from one client address within 15 minutes before the address is paused. */
    addressMaxFailures: number;
  };
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); by default none: the socket's address counts. */
  trustProxy: TrustProxy;
  webDist: string;
  /** Run job workers inside the server process (WORKERS); `npm run worker` runs them alone. */
  workers: boolean;
  /** How long an export's download URL works, in seconds. */
  exportTtlSeconds: number;
  /** The largest file the documents drop box accepts, in bytes (DOCUMENT_MAX_BYTES, default 50 MB). */
  documentMaxBytes: number;
  /** Outgoing e-mail: through SMTP when `smtpUrl` is set, else kept in the outbox only. */
  mail: { smtpUrl: string | undefined; from: string };
  /** How long an invitation link works, in seconds. */
  inviteTtlSeconds: number;
  /** How long a password reset link works, in seconds. */
  resetTtlSeconds: number;
  /** A running execution whose heartbeat is older than this, in seconds, is taken for crashed. */
  executionStaleSeconds: number;
}

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads and validates the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(stripEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // npm runs workspace scripts inside the workspace: resolve relative paths from where the user ran npm.
  const cwd = env.INIT_CWD ?? process.cwd();
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const external = e.OIDC_URL !== undefined;
  const oidcUrl = (e.OIDC_URL ?? publicUrl).replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    productKey: e.PRODUCT_KEY,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    slowRequestMs: e.SLOW_REQUEST_MS,
    oidc: {
      external,
      url: oidcUrl,
      realm: e.OIDC_REALM,
      clientId: e.OIDC_CLIENT_ID ?? `${e.PRODUCT_KEY}_recon`,
      issuer: `${oidcUrl}/realms/${e.OIDC_REALM}`,
    },
    clients: { management: `${e.PRODUCT_KEY}_management`, recon: `${e.PRODUCT_KEY}_recon` },
    bodyLimit: e.BODY_LIMIT,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    bruteForce: {
      waitIncrementMs: e.LOGIN_WAIT_INCREMENT_SECONDS * 1000,
      maxWaitMs: e.LOGIN_MAX_WAIT_SECONDS * 1000,
      failureResetMs: e.LOGIN_FAILURE_RESET_SECONDS * 1000,
      quickLoginCheckMs: e.LOGIN_QUICK_CHECK_MS,
      minQuickLoginWaitMs: e.LOGIN_MIN_QUICK_WAIT_SECONDS * 1000,
      addressMaxFailures: e.LOGIN_ADDRESS_MAX_FAILURES,
    },
    trustProxy: e.TRUST_PROXY ?? false,
    webDist: e.WEB_DIST ? path.resolve(cwd, e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    workers: e.WORKERS,
    exportTtlSeconds: e.EXPORT_TTL_SECONDS,
    documentMaxBytes: e.DOCUMENT_MAX_BYTES,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Counterpart <no-reply@${new URL(publicUrl).hostname}>`,
    },
    inviteTtlSeconds: e.INVITE_TTL_SECONDS,
    resetTtlSeconds: e.RESET_TTL_SECONDS,
    executionStaleSeconds: e.EXECUTION_STALE_SECONDS,
  };
}

function stripEmpty(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
}

/** For entry points: the config, or a message naming every bad variable and exit code 78 (EX_CONFIG). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}
