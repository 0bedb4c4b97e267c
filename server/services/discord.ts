import { HttpError } from '../http/errors';
import { TOURNAMENT_ERRORS } from '../../src/domain/messages';
import type { Config } from '../config';

type DiscordBot = NonNullable<Config['discordBot']>;

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

const CATEGORY = 4;
const MAX_RATE_LIMIT_RETRIES = 3;
const MAX_RETRY_WAIT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The prefix of every Discord channel and role that belongs to tournament `id`: "t12-" matches "t12-match-3",
 * "t12-apex-predators" and the role "T12-Players" (Discord lower-cases channel names, roles keep their case).
 */
export const discordPrefix = (tournamentId: number) => `t${tournamentId}-`;

const failed = () => new HttpError(502, TOURNAMENT_ERRORS.discordFailed);

/** One call to Discord's REST API with the bot token; waits out rate limits (429) a few times. */
async function discord(bot: DiscordBot, method: 'GET' | 'DELETE', path: string, reason?: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(`${bot.apiBase}/api/v10${path}`, {
        method,
        headers: {
          authorization: `Bot ${bot.token}`,
          ...(reason ? { 'x-audit-log-reason': encodeURIComponent(reason) } : {}),
        },
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
