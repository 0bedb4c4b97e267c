import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Everything the server reads from the environment. README.md documents each variable. */
/** Prometheus metrics (server/ops/metrics.ts). */
export interface MetricsConfig {
  /** A separate listener for /metrics (0: any free port, tests). */
  port?: number;
  host: string;
  /** Bearer token /metrics asks for (required on the main port). */
  token?: string;
}

export interface Config {
  port: number;
  /** Where to listen: HOST, else 127.0.0.1 while local sign-in is on (anyone who reaches it can be any account), else 0.0.0.0. */
  host: string;
  /** HOST was set explicitly (main.ts warns when that exposes local sign-in). */
  hostFromEnv: boolean;
  /** Where PGlite keeps its files and the generated session secret; 'memory://' for an in-memory database. */
  dataDir: string;
  databaseUrl?: string;
  production: boolean;
  /** HMAC key for access tokens and CSRF tokens. */
  sessionSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** Public origin of the site, used for OAuth redirects and absolute links (default http://localhost:PORT, https with TLS). */
  publicUrl: string;
  /**
   * HTTPS with HTTP/2 (HTTP/1.1 still accepted over TLS, chosen by ALPN): the PEM certificate (chain) and private key
   * from TLS_CERT_FILE and TLS_KEY_FILE, both or neither. Absent: plain HTTP/1.1 (behind a TLS-terminating proxy).
   */
  tls?: { certFile: string; keyFile: string };
  trustProxy: boolean;
  logLevel: string;
  /** Serve the built SPA from this folder (absent in tests that only exercise /v1). */
  staticDir?: string;
  seedDemo: boolean;
  discord?: { clientId: string; clientSecret: string; redirectUri: string; apiBase: string };
  allowLocalSignIn: boolean;
  /** Discord user ids that become OWNER when they sign in (bootstraps a real deployment). */
  ownerDiscordIds: string[];
  discordBot?: { token: string; guildId: string; apiBase: string };
  stripe?: { secretKey: string; webhookSecret: string; apiBase?: string };
  /**
   * Whether the local test provider (card 4242… always succeeds) may take payments: always outside production, in
   * production only with ALLOW_TEST_PAYMENTS=true. Without Stripe and without this, paid calls answer 503.
   */
  allowTestPayments: boolean;
  rateLimitMax: number;
  /** Live update streams (SSE) open at once from one client address (LIVE_STREAMS_PER_CLIENT, default 20). */
  liveStreamsPerClient: number;
  /** Live update streams open at once on this instance, every client together (LIVE_STREAMS_MAX, default 2000). */
  liveStreamsMax: number;
  /**
   * Where rate-limit counts live: `memory` (each instance counts alone) or `postgres` (shared by every instance on
   * DATABASE_URL's database).
   */
  rateLimitStore: 'memory' | 'postgres';
  /** Prometheus metrics: METRICS_PORT and/or METRICS_TOKEN; absent: no metrics. */
  metrics?: MetricsConfig;
  /** SIGTERM: how long readiness fails before the listener closes (time for a balancer to notice), in ms. */
  shutdownDelayMs: number;
  /** SIGTERM: how long in-flight requests may take to finish before their connections are closed, in ms. */
  shutdownTimeoutMs: number;
  /**
   * What a transfer (a roster change of a team in a season) costs whoever asks for it, in cents: TRANSFER_FEE_EUROS,
   * default 0 (free: the request goes straight to the admins).
   */
  transferFeeCents: number;
  /** Origins allowed to call /v1 with credentials (an SPA served from another host). */
  corsOrigins: string[];
  /**
   * Who may frame the embeddable bracket (/embed/…): CSP `frame-ancestors` sources from EMBED_FRAME_ANCESTORS,
   * default `*` (any site, any stream overlay). Every other page refuses other origins' frames.
   */
  embedFrameAncestors: string[];
  /**
   * Discord announcements (issue 25): webhook origins accepted besides Discord's own (DISCORD_API_BASE's, the tests'
   * local fake) and the delivery worker's pace: how often it looks for due deliveries, the retry backoff (doubling
   * from `retryBaseMs` up to `retryMaxMs`), how many failed tries before it gives up, and one request's time limit.
   */
  announcements: {
    extraWebhookOrigins: string[];
    pollMs: number;
    retryBaseMs: number;
    retryMaxMs: number;
    maxAttempts: number;
    requestTimeoutMs: number;
  };
  /** Clock, replaceable in tests. */
  now: () => number;
}

type Env = Record<string, string | undefined>;

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function nonNegativeInt(value: string | undefined, fallback: number, name: string): number {
  return value === '0' ? 0 : int(value, fallback, name);
}

/** An amount in euros (cents allowed) as whole cents; 0 when unset. */
function euroCents(value: string | undefined, name: string): number {
  if (value === undefined || value === '') return 0;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(value)) throw new Error(`${name} must be an amount in euros (at most 2 decimals), got "${value}"`);
  return Math.round(Number(value) * 100);
}

/** A CSP source expression: *, 'self', 'none', a scheme (https:) or a host with an optional scheme, port and path. */
const CSP_SOURCE = /^(\*|'self'|'none'|[a-z][a-z0-9+.-]*:|([a-z][a-z0-9+.-]*:\/\/)?(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?(\/[^\s,;'"]*)?)$/i;

/** EMBED_FRAME_ANCESTORS: CSP sources separated by spaces or commas; `'none'` stands alone. Default `*`. */
function frameAncestors(value: string | undefined): string[] {
  const sources = (value ?? '*').split(/[\s,]+/).filter(Boolean);
  const bad = sources.find((s) => !CSP_SOURCE.test(s));
  if (sources.length === 0 || bad !== undefined || (sources.includes("'none'") && sources.length > 1)) {
    throw new Error(`EMBED_FRAME_ANCESTORS must list CSP sources such as * or 'self' https://obs.example.com, got "${value}"`);
  }
  return sources;
}

/** TLS_CERT_FILE and TLS_KEY_FILE: both (HTTPS and HTTP/2) or neither (plain HTTP); one alone is a mistake. */
function tlsFiles(env: Env): Config['tls'] {
  const cert = env.TLS_CERT_FILE || undefined;
  const key = env.TLS_KEY_FILE || undefined;
  if (!cert && !key) return undefined;
  if (!cert || !key) {
    throw new Error(`HTTPS needs both TLS_CERT_FILE and TLS_KEY_FILE (the certificate and its private key): only ${cert ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE'} is set`);
  }
  return { certFile: resolve(cert), keyFile: resolve(key) };
}

/** A secret that survives restarts: from SESSION_SECRET, else generated once into DATA_DIR. */
function loadSecret(env: Env, dataDir: string): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (dataDir === 'memory://') return randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const port = int(env.PORT, 8080, 'PORT');
  const production = env.NODE_ENV === 'production';
  const dataDir = env.DATA_DIR === 'memory://' ? 'memory://' : resolve(env.DATA_DIR ?? './data');
  const tls = tlsFiles(env);
  const publicUrl = (env.PUBLIC_URL ?? `${tls ? 'https' : 'http'}://localhost:${port}`).replace(/\/$/, '');
  const discord =
    env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET && env.DISCORD_REDIRECT_URI
      ? {
          clientId: env.DISCORD_CLIENT_ID,
          clientSecret: env.DISCORD_CLIENT_SECRET,
          redirectUri: env.DISCORD_REDIRECT_URI,
          apiBase: env.DISCORD_API_BASE ?? 'https://discord.com',
        }
      : undefined;
  // Local sign-in keeps the platform usable offline; production must opt in explicitly.
  const allowLocalSignIn = !discord && (!production || flag(env.ALLOW_LOCAL_SIGNIN, false));
  const host = env.HOST || (allowLocalSignIn ? '127.0.0.1' : '0.0.0.0');
  const rateLimitStore = env.RATE_LIMIT_STORE || 'memory';
  if (rateLimitStore !== 'memory' && rateLimitStore !== 'postgres') {
    throw new Error(`RATE_LIMIT_STORE must be "memory" or "postgres", got "${rateLimitStore}"`);
  }
  if (rateLimitStore === 'postgres' && !env.DATABASE_URL) throw new Error('RATE_LIMIT_STORE=postgres needs DATABASE_URL');
  const metricsPort = env.METRICS_PORT ? nonNegativeInt(env.METRICS_PORT, 0, 'METRICS_PORT') : undefined;
  return {
    port,
    host,
    hostFromEnv: !!env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    sessionSecret: loadSecret(env, dataDir),
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60, 'ACCESS_TOKEN_TTL_SECONDS'),
    refreshTokenTtlDays: int(env.REFRESH_TOKEN_TTL_DAYS, 30, 'REFRESH_TOKEN_TTL_DAYS'),
    publicUrl,
    tls,
    trustProxy: flag(env.TRUST_PROXY, false),
    logLevel: env.LOG_LEVEL ?? 'info',
    staticDir: resolve(env.STATIC_DIR ?? './dist'),
    seedDemo: flag(env.SEED_DEMO, true),
    discord,
    allowLocalSignIn,
    ownerDiscordIds: (env.OWNER_DISCORD_IDS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    discordBot:
      env.DISCORD_BOT_TOKEN && env.DISCORD_GUILD_ID
        ? { token: env.DISCORD_BOT_TOKEN, guildId: env.DISCORD_GUILD_ID, apiBase: env.DISCORD_API_BASE ?? 'https://discord.com' }
        : undefined,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE }
        : undefined,
    allowTestPayments: !production || flag(env.ALLOW_TEST_PAYMENTS, false),
    rateLimitMax: int(env.RATE_LIMIT_MAX, 600, 'RATE_LIMIT_MAX'),
    rateLimitStore,
    metrics:
      metricsPort !== undefined || env.METRICS_TOKEN
        ? { port: metricsPort, host: env.METRICS_HOST || host, token: env.METRICS_TOKEN || undefined }
        : undefined,
    shutdownDelayMs: nonNegativeInt(env.SHUTDOWN_DELAY_MS, 0, 'SHUTDOWN_DELAY_MS'),
    shutdownTimeoutMs: int(env.SHUTDOWN_TIMEOUT_MS, 10_000, 'SHUTDOWN_TIMEOUT_MS'),
    liveStreamsPerClient: int(env.LIVE_STREAMS_PER_CLIENT, 20, 'LIVE_STREAMS_PER_CLIENT'),
    liveStreamsMax: int(env.LIVE_STREAMS_MAX, 2000, 'LIVE_STREAMS_MAX'),
    transferFeeCents: euroCents(env.TRANSFER_FEE_EUROS, 'TRANSFER_FEE_EUROS'),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    embedFrameAncestors: frameAncestors(env.EMBED_FRAME_ANCESTORS),
    announcements: {
      extraWebhookOrigins: env.DISCORD_API_BASE ? [new URL(env.DISCORD_API_BASE).origin] : [],
      pollMs: 1_000,
      retryBaseMs: 5_000,
      retryMaxMs: 15 * 60_000,
      maxAttempts: int(env.DISCORD_ANNOUNCE_MAX_ATTEMPTS, 8, 'DISCORD_ANNOUNCE_MAX_ATTEMPTS'),
      requestTimeoutMs: 10_000,
    },
    now: () => Date.now(),
  };
}

/** A configuration for tests: in-memory database, no static files, nothing external. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ DATA_DIR: 'memory://', SESSION_SECRET: 'test-secret', SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
    staticDir: undefined,
    rateLimitMax: 100_000,
    ...overrides,
  };
}

/** What `npm start` must say out loud about this configuration (each line says why). */
export function startupWarnings(config: Config): string[] {
  const warnings: string[] = [];
  if (config.allowLocalSignIn) {
    warnings.push(
      config.hostFromEnv
        ? `Local sign-in is on (Discord is not configured): anyone who can reach ${config.host}:${config.port} can sign in as any account, the owner included`
        : `Local sign-in is on (Discord is not configured): listening on ${config.host} only, since anyone who can reach the server can sign in as any account, the owner included; set HOST to listen elsewhere`,
    );
  }
  if (!config.stripe) {
    warnings.push(
      config.allowTestPayments
        ? 'Payments use the local test provider (no STRIPE_SECRET_KEY): test cards succeed and no money moves'
        : 'Payments are off: production without STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET refuses the local test provider (set ALLOW_TEST_PAYMENTS=true to allow it)',
    );
  }
  return warnings;
}
