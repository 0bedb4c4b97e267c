import { literal, nullable, string, type } from 'superstruct';
import type { RouteDoc } from '../http/route';
import { CsrfToken, SessionState, UserInfo } from '../../src/api/contract/user';
import { IdParam } from '../../src/api/contract/common';

/*
 * The declarations of the routes server/routes/auth.ts registers itself (sign-in redirects, cookies, the session),
 * for the OpenAPI document: the same shape as every other route's declaration (server/http/route.ts), matched to the
 * registered route by method and URL. A route there without an entry here fails tests/server/openapi.test.ts.
 */

const REDIRECT = { contentType: 'text/html', description: 'A redirect (302) to Discord, or the local sign-in page' };
const OK = type({ ok: literal(true) });

export const AUTH_ROUTE_DOCS: RouteDoc[] = [
  {
    method: 'GET',
    url: '/v1/auth/discord',
    summary: "Start signing in: a redirect to Discord's consent page (or, without Discord, the local sign-in page; ?as=<discordName> signs in directly)",
    access: 'auth',
    query: type({}),
    responses: { 200: REDIRECT, 302: null },
    errors: { 403: 'Sign-in is not available (no Discord, local sign-in disabled)', 404: 'No account of that name (local sign-in)' },
  },
  {
    method: 'GET',
    url: '/v1/auth/discord/bot',
    summary: "Invite the Discord bot: a redirect to Discord's page that adds the bot to a server",
    access: 'auth',
    responses: { 302: null },
    errors: { 404: 'No Discord application is configured' },
  },
  {
    method: 'GET',
    url: '/v1/auth/discord/callback',
    summary: 'Where Discord sends the browser back: signs in and redirects to the SPA',
    access: 'auth',
    responses: { 302: null },
    errors: { 403: 'Discord is not configured' },
  },
  {
    method: 'POST',
    url: '/v1/auth/refresh',
    summary: 'Renew the session cookies with the refresh cookie',
    access: 'auth',
    responses: OK,
    errors: { 401: 'The session expired: sign in again' },
  },
  { method: 'POST', url: '/v1/auth/logout', summary: 'Sign out: this sign-in ends and its cookies are cleared', access: 'auth', responses: OK },
  {
    method: 'GET',
    url: '/v1/auth/session',
    summary: "The SPA's boot call: who the cookies sign in (a guest is a guest, not a 401), with the CSRF token",
    access: 'auth',
    responses: SessionState,
  },
  { method: 'GET', url: '/v1/auth/csrf', summary: 'The CSRF token every write sends in the X-CSRF-Token header', access: 'auth', responses: CsrfToken },
  {
    method: 'POST',
    url: '/v1/auth/discord/:id',
    summary: "Refresh a player's picture from Discord (after an image failed to load)",
    access: 'user',
    who: 'the player themselves, or staff',
    params: type({ id: IdParam }),
    responses: type({ picture: nullable(string()) }),
  },
  { method: 'GET', url: '/v1/user/userinfo', summary: 'The signed-in user', access: 'user', responses: UserInfo },
];
