import { CodeChallengeMethod, Discord, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import { HttpError } from '../http/errors';
import { TOURNAMENT_ERRORS } from '../../src/domain/messages';
import type { Config } from '../config';

/*
 * Every call Clutch makes to Discord's HTTP API (sign-in, pictures, the bot's clean-ups) goes through this module,
 * on one API version. `apiBase` other than https://discord.com points them at a stand-in (tests run loopback fakes).
 */

type DiscordBot = NonNullable<Config['discordBot']>;
type DiscordApp = NonNullable<Config['discord']>;

/** The versioned REST API under the base URL. */
const API = '/api/v10';

interface DiscordChannel {
  id: string;
  name: string;
  /** 4 is a category: deleted after the channels inside it. */
  type: number;
}
interface DiscordRole {
  id: string;
  name: string;
}
/** Discord's user object (the fields we read). */
export interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  avatar?: string | null;
}

const CATEGORY = 4;
const MAX_RATE_LIMIT_RETRIES = 3;
const MAX_RETRY_WAIT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;

const failed = () => new HttpError(502, TOURNAMENT_ERRORS.discordFailed);

/**
 * One call to Discord's REST API (`authorization`: "Bot <token>" or "Bearer <user token>"); waits out rate limits
 * (429) a few times. A network failure answers 502.
 */
async function call(
  apiBase: string,
  authorization: string,
  method: 'GET' | 'DELETE',
  path: string,
  reason?: string,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(`${apiBase}${API}${path}`, {
        method,
        headers: { authorization, ...(reason ? { 'x-audit-log-reason': encodeURIComponent(reason) } : {}) },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw failed();
    }
    if (res.status !== 429 || attempt >= MAX_RATE_LIMIT_RETRIES) return res;
    const body = (await res.json().catch(() => ({}))) as { retry_after?: number };
    const seconds = Number(body.retry_after ?? res.headers.get('retry-after') ?? 1);
    await new Promise((resolve) => setTimeout(resolve, Math.min(MAX_RETRY_WAIT_MS, Math.max(0, seconds * 1000))));
  }
}

const discord = (bot: DiscordBot, method: 'GET' | 'DELETE', path: string, reason?: string) =>
  call(bot.apiBase, `Bot ${bot.token}`, method, path, reason);

async function list<T>(bot: DiscordBot, path: string): Promise<T[]> {
  const res = await discord(bot, 'GET', path);
  if (!res.ok) throw failed();
  const body = await res.json().catch(() => null);
  if (!Array.isArray(body)) throw failed();
  return body as T[];
}

/** Deletes one object; one that is already gone (404) is not counted. */
async function remove(bot: DiscordBot, path: string, reason: string): Promise<boolean> {
  const res = await discord(bot, 'DELETE', path, reason);
  if (res.status === 404) return false;
  if (!res.ok) throw failed();
  return true;
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-in and pictures

const SCOPES = ['identify'];

/** Discord OAuth2 with PKCE through arctic (its own endpoints, or the stand-in's under `apiBase`). */
export function discordOAuth(config: DiscordApp) {
  const custom = config.apiBase !== 'https://discord.com';
  const provider = new Discord(config.clientId, config.clientSecret, config.redirectUri);
  const client = new OAuth2Client(config.clientId, config.clientSecret, config.redirectUri);
  return {
    start() {
      const state = generateState();
      const codeVerifier = generateCodeVerifier();
      const url = custom
        ? client.createAuthorizationURLWithPKCE(`${config.apiBase}/oauth2/authorize`, state, CodeChallengeMethod.S256, codeVerifier, SCOPES)
        : provider.createAuthorizationURL(state, codeVerifier, SCOPES);
      return { state, codeVerifier, url: url.toString() };
    },
    /** The signed-in Discord user behind an authorization code. */
    async finish(code: string, codeVerifier: string): Promise<DiscordUser> {
      const tokens = custom
        ? await client.validateAuthorizationCode(`${config.apiBase}/api/oauth2/token`, code, codeVerifier)
        : await provider.validateAuthorizationCode(code, codeVerifier);
      const res = await call(config.apiBase, `Bearer ${tokens.accessToken()}`, 'GET', '/users/@me');
      if (!res.ok) throw new Error(`Discord answered ${res.status} for /users/@me`);
      return (await res.json()) as DiscordUser;
    },
  };
}

/** The CDN address of a Discord user's avatar (null: none, Discord shows its default). */
export function avatarUrl(user: Pick<DiscordUser, 'id' | 'avatar'>): string | null {
  return user.avatar ? `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png` : null;
}

/** A user's avatar as Discord has it now, read with the bot token; null when Discord has none or cannot answer. */
export async function currentAvatar(bot: DiscordBot, discordId: string): Promise<string | null> {
  const res = await discord(bot, 'GET', `/users/${discordId}`).catch(() => null);
  const body = res?.ok ? ((await res.json().catch(() => null)) as { avatar?: string | null } | null) : null;
  return avatarUrl({ id: discordId, avatar: body?.avatar });
}

/**
 * Posts one message of embeds on a webhook (the announcements outbox, which reads Discord's answer and rate-limit
 * headers itself). `url` is the webhook URL staff pasted; a network failure or timeout rejects.
 */
export function postWebhookMessage(url: string, embeds: unknown[], timeoutMs: number): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    // No mention in a team's name pings anyone.
    body: JSON.stringify({ username: 'Clutch', allowed_mentions: { parse: [] }, embeds }),
    signal: AbortSignal.timeout(timeoutMs),
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The bot's clean-ups

/**
 * The prefix of every Discord channel and role that belongs to tournament `id`: "t12-" matches "t12-match-3",
 * "t12-apex-predators" and the role "T12-Players" (Discord lower-cases channel names, roles keep their case).
 */
export const discordPrefix = (tournamentId: number) => `t${tournamentId}-`;

/**
 * Removes the league server's Discord channels and roles whose names start with `prefix` (case-insensitive).
 * Safe to run again: what is already gone is skipped. Discord errors answer 502.
 */
async function cleanUpDiscordPrefix(bot: DiscordBot, prefix: string, reason: string) {
  const owned = (name: unknown) => typeof name === 'string' && name.toLowerCase().startsWith(prefix);
  const channels = (await list<DiscordChannel>(bot, `/guilds/${bot.guildId}/channels`))
    .filter((c) => owned(c.name))
    .sort((a, b) => Number(a.type === CATEGORY) - Number(b.type === CATEGORY));
  let removedChannels = 0;
  for (const channel of channels) {
    if (await remove(bot, `/channels/${channel.id}`, reason)) removedChannels++;
  }
  const roles = (await list<DiscordRole>(bot, `/guilds/${bot.guildId}/roles`)).filter((r) => owned(r.name));
  let removedRoles = 0;
  for (const role of roles) {
    if (await remove(bot, `/guilds/${bot.guildId}/roles/${role.id}`, reason)) removedRoles++;
  }
  return { removedChannels, removedRoles };
}

/** Removes the Discord channels and roles of a tournament (named with its prefix, see `discordPrefix`). */
export const cleanUpTournamentDiscord = (bot: DiscordBot, tournamentId: number) =>
  cleanUpDiscordPrefix(bot, discordPrefix(tournamentId), `Clutch: clean-up of tournament ${tournamentId}`);

/** The prefix of a season's Discord channels and roles: "s7-" matches "s7-division-1" and the role "S7-Players". */
export const seasonDiscordPrefix = (seasonId: number) => `s${seasonId}-`;

/** Removes the Discord channels and roles of a season (named with `seasonDiscordPrefix`). */
export const cleanUpSeasonDiscord = (bot: DiscordBot, seasonId: number) =>
  cleanUpDiscordPrefix(bot, seasonDiscordPrefix(seasonId), `Clutch: clean-up of season ${seasonId}`);
