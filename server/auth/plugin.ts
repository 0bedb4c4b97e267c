import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { forbidden, HttpError, unauthorized } from '../http/errors';
import { apiPath } from '../http/apiRoute';
import { SERVER } from '../../src/domain/messages';
import type { Role } from '../../src/domain/constants';
import { csrfMatches, randomToken, verifyAccessToken } from './tokens';
import { DAY_S } from '../../src/domain/durations';

export type AuthUser = typeof users.$inferSelect;

/** Why a request that carried an access cookie has no user. */
export type SessionProblem = 'expired' | 'invalid' | 'banned' | 'ended';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a guest. */
    user: AuthUser | null;
    /** Set on /v1/auth calls whose access cookie did not sign anyone in (GET /v1/auth/session reports it). */
    sessionProblem: SessionProblem | null;
    /** The sign-in (refresh token family) the user's access token belongs to; null for a guest. */
    sessionFamily: string | null;
  }
  interface FastifyContextConfig {
    /** Set false on routes that authenticate differently (payment webhooks). */
    csrf?: boolean;
  }
}

export const COOKIES = { access: 'clutch_at', refresh: 'clutch_rt', csrf: 'clutch_csrf' } as const;
export const STAFF: Role[] = ['ADMIN', 'OWNER'];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION_ENDED = 'Your session has ended, please sign in again';
/** Calls a banned user may still make (auth routes are never refused; they just see no user). */
const BANNED_ALLOWED = new Set<string>([]);

export function cookieOptions(request: FastifyRequest, maxAgeSeconds: number, path = '/') {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    path,
    maxAge: maxAgeSeconds,
  };
}

/** Ensures the browser has a csrf cookie and returns its value. */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, config: Config): string {
  const existing = request.cookies[COOKIES.csrf];
  if (existing) return existing;
  const value = randomToken(24);
  reply.setCookie(COOKIES.csrf, value, cookieOptions(request, config.refreshTokenTtlDays * DAY_S));
  return value;
}

/**
 * Authentication for every /v1 call: CSRF on non-GET calls (419), the access cookie (401 when expired),
 * banned users (403). Authorization (roles, captain, member) is checked by each route with the helpers below.
 */
export function installAuth(app: FastifyInstance, db: Db, config: Config) {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionProblem', null);
  app.decorateRequest('sessionFamily', null);
  app.addHook('onRequest', async (request) => {
    // Decided on the matched route, not the raw URL: `/%761/...` or an absolute-form target reaches the same handler.
    const path = apiPath(request);
    if (path === null) return;
    if (!SAFE_METHODS.has(request.method) && request.routeOptions.config?.csrf !== false) {
      if (!csrfMatches(config.sessionSecret, request.cookies[COOKIES.csrf], request.headers['x-csrf-token'])) {
        throw new HttpError(419, SERVER.csrf);
      }
    }
    const token = request.cookies[COOKIES.access];
    if (!token || path.startsWith('/v1/auth/')) {
      if (token) await loadUser(request, db, config, token, false);
      return;
    }
    await loadUser(request, db, config, token, true);
  });
}

async function loadUser(request: FastifyRequest, db: Db, config: Config, token: string, strict: boolean) {
  // Strict (every call but /v1/auth): the problem is the answer. Otherwise the request goes on as a guest's, and says why.
  const refuse = (problem: SessionProblem, error: () => Error) => {
    if (strict) throw error();
    request.sessionProblem = problem;
  };
  const check = verifyAccessToken(config.sessionSecret, token, config.now());
  if (!check.ok) {
    const expired = check.reason === 'expired';
    return refuse(expired ? 'expired' : 'invalid', () => unauthorized(expired ? 'Your session has expired' : SERVER.unauthenticated));
  }
  // The token is stateless; its sign-in (family) is not: logout, a ban or a stolen refresh token revokes it.
  const [row] = await db
    .select({
      user: users,
      live: sql<boolean>`exists (select 1 from ${sessions} where ${sessions.family} = ${check.payload.fam} and ${sessions.userId} = ${check.payload.uid} and ${sessions.revokedAt} is null)`,
    })
    .from(users)
    .where(eq(users.id, check.payload.uid));
  const user = row?.user;
  if (!user) return refuse('invalid', () => unauthorized());
  if (user.banned) {
    if (BANNED_ALLOWED.has(apiPath(request) ?? '')) return;
    return refuse('banned', () => new HttpError(403, SERVER.banned, { banned: true }));
  }
  if (!row.live) return refuse('ended', () => unauthorized(SESSION_ENDED));
  request.user = user;
  request.sessionFamily = check.payload.fam;
}

/** The signed-in user, or 401. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in user holding one of `roles`, or 401/403. */
export function requireRole(request: FastifyRequest, roles: Role[] = STAFF): AuthUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw forbidden();
  return user;
}

export const isStaff = (user: AuthUser | null | undefined) => !!user && STAFF.includes(user.role);
