import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/client';
import type { PaymentEvent } from '../billing/billing';
import type { MetricsConfig } from '../config';
import type { Lifecycle } from './lifecycle';

/*
 * Prometheus metrics (issue 24), one registry per instance: request latency by route and status, SSE clients,
 * live-event delivery lag, database query time and pool use, payments by outcome, the instance's phase, and Node's
 * own (event-loop lag, heap, CPU, GC: prom-client's default metrics). Exposed on METRICS_PORT (a listener of its own,
 * for a network that only the scraper reaches) and/or on the main port at /metrics with METRICS_TOKEN as a bearer
 * token; neither set: no metrics are collected. README "Operating Clutch" has a sample scrape config.
 */


const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DB_SECONDS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const LAG_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
const PHASES = ['starting', 'serving', 'draining'] as const;

export function createMetrics(config: MetricsConfig, database: Database, lifecycle: Lifecycle) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'clutch_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status (its _count: requests by status)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [registry],
  });
  const queries = new Histogram({
    name: 'clutch_db_query_duration_seconds',
    help: 'Time of each database query as the server waits for it (waiting for a connection included)',
    buckets: DB_SECONDS,
    registers: [registry],
  });
  database.observeQueries((seconds) => queries.observe(seconds));
  new Gauge({
    name: 'clutch_db_pool_connections',
    help: 'PostgreSQL pool: open connections (total), idle ones, and callers waiting for one (absent with PGlite)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = database.poolStats();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  const liveLag = new Histogram({
    name: 'clutch_live_delivery_lag_seconds',
    help: 'From a change notification reaching this instance to its event written to every SSE client of the topic',
    buckets: LAG_SECONDS,
    registers: [registry],
  });
  let sseClients = () => 0;
  new Gauge({
    name: 'clutch_sse_clients',
    help: 'Live-update (server-sent events) clients connected to this instance',
    registers: [registry],
    collect() {
      this.set(sseClients());
    },
  });
  new Gauge({
    name: 'clutch_live_listening',
    help: '1 while the LISTEN connection of live updates is up',
    registers: [registry],
    collect() {
      this.set(database.listening() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'clutch_instance_phase',
    help: 'The phase of this instance: 1 for the current one (starting, serving, draining)',
    labelNames: ['phase'] as const,
    registers: [registry],
    collect() {
      for (const phase of PHASES) this.set({ phase }, lifecycle.phase === phase ? 1 : 0);
    },
  });
  const payments = new Counter({
    name: 'clutch_payments_total',
    help: 'Payments by outcome: created, succeeded, failed, processing, cancelled, refused (refunded because the purchase could not be completed), refunded',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  let listener: Server | null = null;

  return {
    registry,
    /** Times every answered request (SSE streams are hijacked and not counted here: see clutch_sse_clients). */
    install(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        const route = request.routeOptions.url ?? 'unmatched';
        requests.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      });
    },
    /** Counts live clients through `count` (the live hub). */
    countSseClients(count: () => number) {
      sseClients = count;
    },
    /**
     * `database` for the live hub, with its notifications timed: from arrival to the hub having fanned out
     * everything received so far (`settled`).
     */
    timeLiveDelivery(db: Database, settled: () => Promise<void>): Database {
      return {
        ...db,
        listen: (channel, onPayload, onLost) =>
          db.listen(
            channel,
            (payload) => {
              const started = performance.now();
              onPayload(payload);
              void settled().then(() => liveLag.observe((performance.now() - started) / 1000));
            },
            onLost,
          ),
      };
    },
    payment(outcome: PaymentEvent) {
      payments.inc({ outcome });
    },
    /** GET /metrics on the main port, behind the bearer token. */
    route(app: FastifyInstance) {
      if (!config.token || config.port !== undefined) return;
      app.get('/metrics', async (request: FastifyRequest, reply: FastifyReply) => {
        if (!authorized(request.headers.authorization, config.token)) {
          return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'A valid metrics token is required' });
        }
        reply.header('cache-control', 'no-store').type(registry.contentType);
        return registry.metrics();
      });
    },
    /** Starts the separate listener when METRICS_PORT is set; resolves to its address. */
    async listen(): Promise<string | null> {
      if (config.port === undefined) return null;
      const server = createServer((req, res) => void answer(req, res));
      const answer = async (req: IncomingMessage, res: ServerResponse) => {
        const path = (req.url ?? '').split('?')[0];
        if (req.method !== 'GET' || path !== '/metrics') return res.writeHead(404).end('Not found: GET /metrics\n');
        if (!authorized(req.headers.authorization, config.token)) return res.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
        const body = await registry.metrics();
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(body);
      };
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => resolve());
      });
      listener = server;
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      return `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}/metrics`;
    },
    async close() {
      const server = listener;
      listener = null;
      if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether the Authorization header carries `token` (always true without a token). */
function authorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type Metrics = ReturnType<typeof createMetrics>;
