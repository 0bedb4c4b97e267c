import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { type } from 'superstruct';
import { isStaff } from '../auth/plugin';
import { defineRoute } from '../http/route';
import { IdParam } from '../../src/api/contract/common';
import { createLiveStreamLimits } from '../http/liveStreamLimits';
import { createOutbox } from '../http/streamOutbox';
import { isHttp2 } from '../http/transport';
import { createLiveStreamAccess, type StreamGrant } from '../services/liveStreamAccess';
import { getTournament } from '../services/tournamentStore';
import { visibleDivision } from '../services/seasonQueries';
import { QUEUES_TOPIC, type LiveEvent, type LiveHub } from '../services/liveEvents';

const ById = type({ id: IdParam });

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting a dropped stream. */
export const RETRY_MS = 3_000;
/**
 * How an instance's streams end when it shuts down (issue 24). They are not all ended at once with a random wait
 * for the browser: the instance stops listening and keeps sending events while it ends its streams a few at a time
 * over drainWindowMs(streams), each with a short `retry`, so a client is away only for its own reconnection (and
 * replays the little it missed with Last-Event-ID), and the instances taking the clients over get them at a steady
 * rate they can accept while serving their own streams: 2 ms a stream (1,667 streams over ~3.3 s, 500 a second in
 * all), at most half the shutdown deadline (SHUTDOWN_TIMEOUT_MS), which ends whatever is left.
 */
export const drainWindowMs = (streams: number, shutdownTimeoutMs = 10_000) => Math.min(Math.floor(shutdownTimeoutMs / 2), streams * 2);
/** The `retry` a stream ended by a shutdown carries: come back soon (to another instance, behind a balancer). */
export const DRAIN_RETRY_MS = 250;
const DRAIN_FRAME = `retry: ${DRAIN_RETRY_MS}\n\n`;
/** How often the drain ends its next streams. */
const DRAIN_STEP_MS = 20;

/** A client that has not read this much of its stream is too slow: it is dropped and reconnects with a replay. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** Event ids are sequence numbers or a topic marker: anything else is ignored (and answered with `reset`). */
const lastEventId = (request: FastifyRequest): string | undefined => {
  const header = request.headers['last-event-id'];
  return typeof header === 'string' && /^[a-z0-9]{1,32}$/i.test(header) ? header : undefined;
};

const RETRY = Buffer.from(`retry: ${RETRY_MS}\n\n`);
const HEARTBEAT = Buffer.from(': heartbeat\n\n');

const frames = new WeakMap<LiveEvent, Buffer>();
/**
 * An event as the stream sends it, encoded once for all the clients of its topic: each stream writes the same bytes
 * (no per-client string building or UTF-8 encoding).
 */
const frame = (e: LiveEvent) => {
  let bytes = frames.get(e);
  if (bytes === undefined) {
    bytes = Buffer.from(`id: ${e.id}\nevent: ${e.event}\ndata: ${e.data}\n\n`);
    frames.set(e, bytes);
  }
  return bytes;
};

/**
 * The live update streams (server-sent events, issue 15; the choice of routes: docs/decisions.md). Each answers
 * with the same authorization as the read it follows, then stays open: `retry:`, a replay or `reset` after
 * `Last-Event-ID`, `ready`, then every change of the topic's matches as it is committed, and a heartbeat every 15 s.
 */
export function liveEventRoutes(app: FastifyInstance, db: Db, hub: LiveHub, config: Pick<Config, 'liveStreamsPerClient' | 'liveStreamsMax' | 'shutdownTimeoutMs'>): { written: () => Promise<void> } {
  /** Set when the server begins to shut down. */
  let draining = false;
  /** Open streams, each with the function that ends it. */
  const open = new Map<ServerResponse, (last?: string) => void>();
  // An event's writes to every stream of its topic go out a slice per turn of the event loop (server/http/streamOutbox.ts).
  const outbox = createOutbox();
  // Issue 26: how many streams may be open (per address, in all), and what each stream's access depends on.
  const limits = createLiveStreamLimits({ perClient: config.liveStreamsPerClient, total: config.liveStreamsMax });
  const access = createLiveStreamAccess(db);
  hub.onAccessChange((kind, ids) => access.changed(kind, ids));

  /** What a stream's access depends on (the sign-in it opened under; for a division, its season). */
  const grantOf = (request: FastifyRequest, scope: { staffOnly?: boolean; seasonId?: number }): Omit<StreamGrant, 'end'> => ({
    session: request.user && request.sessionFamily ? { userId: request.user.id, family: request.sessionFamily } : null,
    staffOnly: scope.staffOnly ?? false,
    seasonId: scope.seasonId ?? null,
  });

  const stream = (request: FastifyRequest, reply: FastifyReply, topic: string, grant: Omit<StreamGrant, 'end'>) => {
    const slot = limits.acquire(request.ip);
    if ('refused' in slot) {
      return reply.code(slot.refused.status).header('retry-after', String(slot.refused.retryAfterSeconds)).send({ message: slot.refused.message });
    }
    // Fastify would end the response when the handler returns; the stream lives until the client or the server goes.
    // Over HTTP/2 (server/http/transport.ts) `raw` is an Http2ServerResponse: the same calls, one stream of the session.
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      ...(reply.getHeaders() as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'private, no-store, no-transform',
      // A connection-specific header: HTTP/1.x only (HTTP/2 forbids it; Node would drop it with a warning).
      ...(isHttp2(request) ? {} : { connection: 'keep-alive' }),
      // nginx and similar proxies would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    let closed = false;
    let unsubscribe = () => {};
    let untrack = () => {};
    /** Ends the stream: what is queued is dropped, or written first with a last frame (a shutdown's `retry:`). */
    const close = (last?: string) => {
      if (closed) return;
      if (last !== undefined) out.flush();
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      untrack();
      slot.release();
      out.discard();
      open.delete(raw);
      // A shutdown also ends an HTTP/1.x stream's connection (else kept alive, it would hold the server's close);
      // an HTTP/2 stream's session is told to go by the server (GOAWAY).
      const connection = last !== undefined && !isHttp2(request) ? raw.socket : null;
      raw.end(last, () => connection?.end());
    };
    // Only the outbox writes to the stream after its first frames, and a closed stream's queue is discarded: the
    // buffer limit is checked once, when a frame is queued (what the socket holds plus what waits for it).
    const out = outbox.stream((bytes) => raw.write(bytes));
    const write = (bytes: Buffer) => {
      if (closed) return;
      if (raw.writableLength + out.queued > MAX_BUFFERED_BYTES) return close();
      out.send(bytes);
    };
    const heartbeat = setInterval(() => write(HEARTBEAT), HEARTBEAT_MS);
    const subscription = hub.subscribe(topic, lastEventId(request), (e) => write(frame(e)));
    unsubscribe = subscription.unsubscribe;
    // The stream's first frames go out at once: nothing is queued before them.
    raw.write(Buffer.concat([RETRY, ...subscription.first.map(frame)]));
    // A caller that did not ask for a stream (a plain fetch, curl without the header) gets the head and an end.
    if (!String(request.headers.accept ?? '').includes('text/event-stream')) return close();
    // The stream ends when the sign-in, role or season visibility it was opened under goes (issue 26).
    untrack = access.register({ ...grant, end: close });
    open.set(raw, close);
    raw.on('close', () => close());
    raw.on('error', () => close());
    // A stream that opened after the shutdown began (its request was already under way) goes at once.
    if (draining) close(DRAIN_FRAME);
  };

  // Server shutdown ends the streams a few at a time (drainWindowMs), so closing the server (and the tests) does not
  // wait for the clients; each is told to come back soon (another instance, behind a balancer) and resumes with its
  // Last-Event-ID. The hook does not wait for the drain: the server then stops listening, and its close waits for
  // every connection, the streams included, to end; the live hub keeps delivering to the streams not yet ended.
  app.addHook('preClose', async () => {
    draining = true;
    const ends = [...open.values()];
    const windowMs = drainWindowMs(ends.length, config.shutdownTimeoutMs);
    const started = Date.now();
    let ended = 0;
    const step = () => {
      const due = windowMs === 0 ? ends.length : Math.ceil((ends.length * (Date.now() - started + DRAIN_STEP_MS)) / windowMs);
      for (; ended < Math.min(due, ends.length); ended++) ends[ended](DRAIN_FRAME);
      if (ended < ends.length) setTimeout(step, DRAIN_STEP_MS);
    };
    step();
  });

  const STREAM = { contentType: 'text/event-stream', description: 'Server-sent events: `retry:`, a replay or `reset` after Last-Event-ID, `ready`, then each change as it is committed' };
  const TOO_MANY = { 429: 'Too many open streams (from this client, or on this server): retry after Retry-After seconds' };

  defineRoute(
    app,
    { method: 'GET', url: '/v1/tournament/:id/events', summary: "Live updates of a tournament's bracket", access: 'public', params: ById, responses: STREAM, errors: TOO_MANY },
    async ({ request, reply, params }) => {
      await getTournament(db, params.id);
      return stream(request, reply, `tournament:${params.id}`, grantOf(request, {}));
    },
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/season/division/:id/events', summary: "Live updates of a league division's groups and playoffs", access: 'public', who: "an unpublished season's divisions only for staff", params: ById, responses: STREAM, errors: TOO_MANY },
    async ({ request, reply, user, params }) => {
      const division = await visibleDivision(db, params.id, isStaff(user));
      return stream(request, reply, `division:${params.id}`, grantOf(request, { seasonId: division.seasonId }));
    },
  );

  defineRoute(
    app,
    { method: 'GET', url: '/v1/match/events', summary: 'Live updates of the admin queues: the ids of every changed tournament or league match', access: 'staff', responses: STREAM, errors: TOO_MANY },
    async ({ request, reply }) => stream(request, reply, QUEUES_TOPIC, grantOf(request, { staffOnly: true })),
  );

  /** Resolves once every stream wrote the events queued so far. */
  return { written: () => outbox.idle() };
}
