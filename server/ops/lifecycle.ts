import type { FastifyInstance } from 'fastify';
import { apiPath } from '../http/apiRoute';
import { closeConnectionAfter } from '../http/transport';

/*
 * Where an instance is in its life (issue 24). `starting`: listening (liveness answers, so an orchestrator does not
 * kill an instance that waits for another one's migrations) but the database may not be migrated yet, so /v1
 * answers 503 except health. `serving`: normal. `draining`: SIGTERM arrived; readiness says 503 so balancers send
 * new work elsewhere, every response closes its connection, and the instance closes once in-flight requests end.
 */

export type Phase = 'starting' | 'serving' | 'draining';

export interface Lifecycle {
  readonly phase: Phase;
  /** Migrations (and the demo seed) are done: /v1 opens. */
  serving(): void;
  /** Shutdown began: readiness fails, responses close their connections. */
  drain(): void;
}

export const STARTING = 'Clutch is starting, please try again in a moment';
export const CLIENT_GONE = 499;

/** Health (liveness, readiness) answers in every phase. */
const isHealth = (path: string) => path === '/v1/health' || path.startsWith('/v1/health/');

/** Installs the phase gate; call it before any hook that reads the database (sessions, rate limit store). */
export function installLifecycle(app: FastifyInstance, starting: boolean): Lifecycle {
  let phase: Phase = starting ? 'starting' : 'serving';
  app.addHook('onRequest', async (request, reply) => {
    // The client left before its request was read (a balancer's health check that timed out on a busy machine):
    // nothing can answer it, and the rate limiter would fail on its missing address. 499: "client closed request".
    if (request.ip === undefined) return reply.code(CLIENT_GONE).send();
    if (phase === 'serving') return;
    // A kept-alive connection (an HTTP/2 session) would bring the client back here: after this response it goes to
    // another instance.
    if (phase === 'draining') return closeConnectionAfter(request, reply);
    const path = apiPath(request);
    if (path !== null && !isHealth(path)) return reply.code(503).header('retry-after', '1').send({ message: STARTING });
  });
  return {
    get phase() {
      return phase;
    },
    serving() {
      if (phase === 'starting') phase = 'serving';
    },
    drain() {
      phase = 'draining';
    },
  };
}
