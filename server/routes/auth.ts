import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { BOT_NOT_CONFIGURED_PAGE, botInviteUrl } from '../auth/discord';
import { discordOAuth } from '../services/discord';
import { localSignInPage } from '../auth/localSignIn';
import { COOKIES, cookieOptions, ensureCsrfCookie, requireUser } from '../auth/plugin';
import { revokeByRefreshToken, revokeFamily, rotateSession, startSession, type IssuedSession } from '../auth/sessions';
import { csrfTokenFor, verifyAccessToken } from '../auth/tokens';
import { forbidden, unauthorized } from '../http/errors';
import { PAGE_CSP_BASE } from '../http/securityHeaders';
import { findUserByName, refreshPicture, toUserInfo, userFromDiscord, type UserRow } from '../services/users';
import { idParam } from '../http/validate';
import type { SessionState } from '../../src/api/contract/user';
import { isStaff } from '../auth/plugin';
import { DAY_S } from '../../src/domain/durations';

const OAUTH_STATE_COOKIE = 'clutch_oauth';

export function authRoutes(app: FastifyInstance, db: Db, config: Config) {
  const discord = config.discord ? discordOAuth(config.discord) : null;

  function setSessionCookies(request: FastifyRequest, reply: FastifyReply, session: IssuedSession) {
    const refreshMaxAge = config.refreshTokenTtlDays * DAY_S;
    // The access cookie outlives its token so an expired token reaches the server and answers 401 (refresh), not a guest view.
    reply.setCookie(COOKIES.access, session.accessToken, cookieOptions(request, refreshMaxAge));
    reply.setCookie(COOKIES.refresh, session.refreshToken, cookieOptions(request, refreshMaxAge, '/v1/auth'));
  }

  function clearSessionCookies(request: FastifyRequest, reply: FastifyReply) {
    reply.clearCookie(COOKIES.access, cookieOptions(request, 0));
    reply.clearCookie(COOKIES.refresh, cookieOptions(request, 0, '/v1/auth'));
  }

  async function signIn(request: FastifyRequest, reply: FastifyReply, user: UserRow) {
    if (user.banned) {
      clearSessionCookies(request, reply);
      return reply.redirect('/auth/banned');
    }
    setSessionCookies(request, reply, await startSession(db, config, user.id));
    ensureCsrfCookie(request, reply, config);
    request.log.info({ userId: user.id }, 'signed in');
    return reply.redirect('/auth/callback');
  }

  /** Starts sign-in: Discord when configured, else the local sign-in page (or ?as=<discordName>). */
  app.get('/v1/auth/discord', async (request, reply) => {
    const { as } = request.query as { as?: string };
    if (discord) {
      const { state, codeVerifier, url } = discord.start();
      reply.setCookie(OAUTH_STATE_COOKIE, `${state}.${codeVerifier}`, cookieOptions(request, 600, '/v1/auth'));
      return reply.redirect(url);
    }
    if (!config.allowLocalSignIn) {
      throw forbidden('Sign-in is not available: Discord is not configured and local sign-in is disabled in production');
    }
    if (typeof as === 'string' && as.trim()) {
      const user = await findUserByName(db, as.trim());
      if (!user) return reply.code(404).type('text/plain').send(`No account named "${as}"`);
      return signIn(request, reply, user);
    }
    reply.header(
      'content-security-policy',
      `default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; ${PAGE_CSP_BASE}`,
    );
    return reply.type('text/html').send(await localSignInPage(db));
  });

  /** The admin portal's "Invite the Discord bot": Discord's page that adds this application's bot to a server. */
  app.get('/v1/auth/discord/bot', async (_request, reply) => {
    if (!config.discord) {
      reply.header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; ${PAGE_CSP_BASE}`);
      return reply.code(404).type('text/html').send(BOT_NOT_CONFIGURED_PAGE);
    }
    return reply.redirect(botInviteUrl(config.discord, config.discordBot?.guildId));
  });

  /** Discord redirects here (DISCORD_REDIRECT_URI). */
  app.get('/v1/auth/discord/callback', async (request, reply) => {
    if (!discord) throw forbidden('Discord is not configured');
    const { code, state } = request.query as { code?: string; state?: string };
    const [expectedState, codeVerifier] = (request.cookies[OAUTH_STATE_COOKIE] ?? '').split('.');
    reply.clearCookie(OAUTH_STATE_COOKIE, cookieOptions(request, 0, '/v1/auth'));
    if (!code || !state || !expectedState || state !== expectedState || !codeVerifier) {
      return reply.redirect('/login?error=state');
    }
    try {
      const profile = await discord.finish(code, codeVerifier);
      const user = await userFromDiscord(db, profile, config.ownerDiscordIds);
      return signIn(request, reply, user);
    } catch (err) {
      request.log.warn({ err }, 'discord sign-in failed');
      return reply.redirect('/login?error=discord');
    }
  });

  app.post('/v1/auth/refresh', async (request, reply) => {
    const token = request.cookies[COOKIES.refresh];
    const result = token ? await rotateSession(db, config, token) : ({ ok: false } as const);
    if (!result.ok) {
      clearSessionCookies(request, reply);
      throw unauthorized('Your session has expired, please sign in again');
    }
    setSessionCookies(request, reply, result.session);
    return { ok: true };
  });

  app.post('/v1/auth/logout', async (request, reply) => {
    const token = request.cookies[COOKIES.refresh];
    if (token) await revokeByRefreshToken(db, config, token);
    // The refresh cookie only travels to /v1/auth and may be gone; the access token names the sign-in too.
    const access = request.cookies[COOKIES.access];
    const check = access ? verifyAccessToken(config.sessionSecret, access, 0) : null;
    if (check?.ok) await revokeFamily(db, config, check.payload.fam);
    clearSessionCookies(request, reply);
    return { ok: true };
  });

  /**
   * The SPA's boot call: who the cookies sign in, answered 200 to everyone (a guest is a guest, not a 401), with the
   * CSRF token so no write of the page meets a 419. A sign-in that was ended (logout elsewhere, revoked) loses its
   * cookies here; an expired access token with a refresh cookie says `refresh`, and the SPA refreshes.
   */
  app.get('/v1/auth/session', async (request, reply): Promise<SessionState> => {
    reply.header('cache-control', 'no-store');
    const csrfToken = csrfTokenFor(config.sessionSecret, ensureCsrfCookie(request, reply, config));
    const problem = request.sessionProblem;
    // An ended sign-in's refresh cookie belongs to the same revoked sign-in: refreshing it could only fail.
    if (problem === 'ended') clearSessionCookies(request, reply);
    const canRefresh = !request.user && !!request.cookies[COOKIES.refresh] && problem !== 'ended' && problem !== 'banned';
    return { user: request.user ? toUserInfo(request.user) : null, banned: problem === 'banned', refresh: canRefresh, csrfToken };
  });

  app.get('/v1/auth/csrf', async (request, reply) => {
    const value = ensureCsrfCookie(request, reply, config);
    reply.header('cache-control', 'no-store');
    return { token: csrfTokenFor(config.sessionSecret, value) };
  });

  /** Picture refresh after an image load error: re-reads the avatar from Discord when a bot token allows it. */
  app.post('/v1/auth/discord/:id', async (request) => {
    const viewer = requireUser(request);
    const id = idParam((request.params as { id: string }).id);
    if (viewer.id !== id && !isStaff(viewer)) throw forbidden();
    return refreshPicture(db, config.discordBot, id);
  });

  app.get('/v1/user/userinfo', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return toUserInfo(requireUser(request));
  });
}
