import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';
import type { Database } from './db/client';
import { installAuth } from './auth/plugin';
import { installCompression } from './http/compression';
import { installErrorHandler } from './http/errors';
import { isRateLimited } from './http/apiRoute';
import { installInputGuard } from './http/inputGuard';
import { logSerializers } from './http/logSerializers';
import { installSecurityHeaders } from './http/securityHeaders';
import { connectionCloser, tlsServerOptions } from './http/transport';
import { installHtmlPages, looksLikeFile } from './http/htmlPages';
import { LOGO_MAX_BYTES } from '../src/domain/constants';
import { healthRoutes } from './routes/health';
import { authRoutes } from './routes/auth';
import { userRoutes } from './routes/users';
import { teamRoutes } from './routes/teams';
import { tournamentRoutes } from './routes/tournaments';
import { socialRoutes } from './routes/social';
import { temporaryTeamRoutes } from './routes/temporaryTeams';
import { inviteRoutes } from './routes/invites';
import { imageRoutes } from './storage/images';
import { createBilling } from './billing/billing';
import { billingRoutes } from './routes/billing';
import { matchRoutes } from './routes/matches';
import { switcherooRoutes } from './routes/switcheroo';
import { seasonRoutes } from './routes/seasons';
import { seasonMatchRoutes } from './routes/seasonMatches';
import { siteImageRoutes } from './routes/siteImages';
import { adminTeamRoutes } from './routes/adminTeams';
import { auditRoutes } from './routes/audit';
import { playerCardRoutes } from './routes/playerCards';
import { liveEventRoutes } from './routes/liveEvents';
import { createLiveHub, type LiveHub } from './services/liveEvents';
import { transferRoutes } from './routes/transfers';
import { installLifecycle, type Lifecycle } from './ops/lifecycle';
import { createMetrics, type Metrics } from './ops/metrics';
import { postgresRateLimitStore } from './http/rateLimitStore';
import { createPublicReadCache } from './services/publicReadCache';
import { announcementRoutes } from './routes/announcements';
import { calendarRoutes } from './routes/calendars';
import { createDiscordOutbox, type DiscordOutbox } from './services/discordOutbox';
import { collectRouteDocs } from './http/openapi';
import { installApiReference } from './http/apiReference';
import { AUTH_ROUTE_DOCS } from './routes/authDocs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route as "METHOD /url" (HEAD left out). */
    registeredRoutes: readonly string[];
    /** Live updates: this instance's one LISTEN and its SSE clients (server/services/liveEvents.ts). */
    live: LiveHub;
    /** Starting, serving or draining (server/ops/lifecycle.ts): readiness and the shutdown drain read it. */
    lifecycle: Lifecycle;
    /** Prometheus metrics when METRICS_PORT or METRICS_TOKEN is set (server/ops/metrics.ts). */
    metrics: Metrics | null;
    /** This instance's delivery worker of Discord announcements (server/services/discordOutbox.ts). */
    discordOutbox: DiscordOutbox;
    /** Closes every connection now, HTTP/1.1 and HTTP/2 (the shutdown deadline, server/instance.ts). */
    closeAllConnections: () => void;
  }
}

export interface AppDeps {
  config: Config;
  database: Database;
  /**
   * The database may not be migrated yet (server/instance.ts listens first, then migrates): /v1 answers 503 until
   * `app.lifecycle.serving()`. Tests and benchmarks migrate before building and leave it out.
   */
  starting?: boolean;
}

/** Builds the whole server: /v1 API plus (when built) the SPA with history fallback. Tests call this in-process. */
export async function buildApp({ config, database, starting = false }: AppDeps): Promise<FastifyInstance> {
  const options = {
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, serializers: logSerializers },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // While closing, a request on a kept-alive connection is answered (with `connection: close`), not refused with 503.
    return503OnClosing: false,
  };
  // With a certificate: HTTPS with HTTP/2, HTTP/1.1 over TLS for old clients (server/http/transport.ts). The routes are
  // the same; their `request.raw`/`reply.raw` are then Node's Http2ServerRequest/Response (or HTTP/1.1's, by ALPN).
  const app = config.tls ? (Fastify({ ...options, ...tlsServerOptions(config.tls) }) as unknown as FastifyInstance) : Fastify(options);
  app.decorate('closeAllConnections', connectionCloser(app, !!config.tls));
  const { db } = database;
  // Every route's declaration, for the OpenAPI document (server/http/openapi.ts).
  collectRouteDocs(app, AUTH_ROUTE_DOCS);
  // Every route as "METHOD /url", for the authorization matrix test (a route without an expected outcome fails it).
  const routes: string[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  // The public league and list reads, served from memory while the data they show is unchanged (issue 26).
  app.decorate('publicReads', createPublicReadCache(db, () => config.now()));

  installErrorHandler(app);
  const lifecycle = installLifecycle(app, starting);
  app.decorate('lifecycle', lifecycle);
  const metrics = config.metrics ? createMetrics(config.metrics, database, lifecycle) : null;
  app.decorate('metrics', metrics);
  metrics?.install(app);
  if (metrics) app.addHook('onClose', () => metrics.close());
  // Route modules that take payments reach the billing service as `app.billing` (server/billing/billing.ts).
  app.decorate('billing', createBilling(db, config, metrics ? (outcome) => metrics.payment(outcome) : undefined));

  await app.register(cookie);
  await installSecurityHeaders(app, config);
  if (config.corsOrigins.length > 0) {
    await app.register(cors, { origin: config.corsOrigins, credentials: true });
  }
  await app.register(rateLimit, {
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    // Decided on the matched route, so no spelling of a /v1 path escapes the limit (server/http/apiRoute.ts).
    allowList: (request) => !isRateLimited(request),
    errorResponseBuilder: () => ({ statusCode: 429, message: 'Too many requests, please slow down' }),
    // Shared by every instance on the database when asked for; a store that fails (database down) limits nobody.
    ...(config.rateLimitStore === 'postgres' ? { store: postgresRateLimitStore(db), skipOnError: true } : {}),
  });
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
  installAuth(app, db, config);
  installInputGuard(app);
  installCompression(app);

  healthRoutes(app, database, lifecycle);
  metrics?.route(app);
  authRoutes(app, db, config);
  userRoutes(app, db, config);
  teamRoutes(app, db, config);
  tournamentRoutes(app, db, config);
  socialRoutes(app, db);
  temporaryTeamRoutes(app, db);
  inviteRoutes(app, db);
  imageRoutes(app, db);
  billingRoutes(app, db, config);
  matchRoutes(app, db, config);
  switcherooRoutes(app, db);
  seasonRoutes(app, db, config);
  seasonMatchRoutes(app, db, config);
  siteImageRoutes(app, db);
  adminTeamRoutes(app, db);
  auditRoutes(app, db);
  playerCardRoutes(app, db);
  // The delivery lag ends when the streams wrote the event, not when it was queued for them.
  const live: LiveHub = createLiveHub(metrics ? metrics.timeLiveDelivery(database, () => live.settled().then(() => liveStreams.written())) : database);
  const liveStreams = liveEventRoutes(app, db, live, config);
  metrics?.countSseClients(() => live.clients);
  await live.start();
  app.decorate('live', live);
  app.addHook('onClose', () => live.close());
  transferRoutes(app, db, config);
  announcementRoutes(app, db, config);
  calendarRoutes(app, db, config);
  await installApiReference(app);
  // Discord announcements leave through this instance's delivery worker; closing the app waits for the one in flight.
  const outbox = createDiscordOutbox(db, config, app.log);
  // An instance still booting (`starting`: server/instance.ts) starts the worker once its database is migrated: the
  // outbox table may not exist before (another instance migrating the empty database under the boot lock).
  if (!starting) outbox.start();
  app.decorate('discordOutbox', outbox);
  app.addHook('onClose', () => outbox.stop());

  const serveSpa = !!config.staticDir && existsSync(join(config.staticDir, 'index.html'));
  if (serveSpa) {
    await app.register(fastifyStatic, {
      root: config.staticDir!,
      // Files are looked up per request, so a rebuilt dist/ is served without a restart.
      wildcard: true,
      // The build writes .br and .gz beside each text file (vite.config.ts, precompress): sent as they are.
      preCompressed: true,
      // Hashed names never change content: cached for a year. Everything else is revalidated (ETag).
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // The pages themselves (/, /embed/…, and every page URL below) carry their link previews (server/http/htmlPages.ts).
  const sendSitePage = serveSpa ? installHtmlPages(app, db, config, lifecycle) : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // A missing file (an old build's chunk, a mistyped asset) is a real 404, never the SPA's HTML.
    const notAPage = path.startsWith('/assets/') || looksLikeFile(path);
    if (path.startsWith('/v1/') || path === '/v1' || !sendSitePage || notAPage || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: `No route for ${request.method} ${path}` });
    }
    // History fallback: deep links like /tournaments/3/details load the SPA, which routes them.
    return sendSitePage(request, reply);
  });
  return app;
}
