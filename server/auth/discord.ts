import { CodeChallengeMethod, Discord, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { bumpBracketsOfUsers } from '../services/tournamentStore';

type DiscordConfig = NonNullable<Config['discord']>;

/** Discord's user object (the fields we read). */
interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  avatar?: string | null;
}

const SCOPES = ['identify'];

/**
 * Discord OAuth2 with PKCE through arctic. `apiBase` other than discord.com points every call at a
 * stand-in (tests run a loopback fake of Discord's HTTP API).
 */
export function discordOAuth(config: DiscordConfig) {
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
    async finish(code: string, codeVerifier: string): Promise<DiscordUser> {
      const tokens = custom
        ? await client.validateAuthorizationCode(`${config.apiBase}/api/oauth2/token`, code, codeVerifier)
        : await provider.validateAuthorizationCode(code, codeVerifier);
      const res = await fetch(`${config.apiBase}/api/users/@me`, {
        headers: { authorization: `Bearer ${tokens.accessToken()}` },
      });
      if (!res.ok) throw new Error(`Discord answered ${res.status} for /users/@me`);
      return (await res.json()) as DiscordUser;
    },
  };
}

export function avatarUrl(user: DiscordUser): string | null {
  return user.avatar ? `https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png` : null;
}

/** Creates or updates the user behind a Discord account; OWNER_DISCORD_IDS are made owners. */
export async function upsertDiscordUser(db: Db, profile: DiscordUser, ownerIds: string[]) {
  const discordName = profile.global_name || profile.username;
  const picture = avatarUrl(profile);
  const [existing] = await db.select().from(users).where(eq(users.discordId, profile.id));
  const role = ownerIds.includes(profile.id) ? ('OWNER' as const) : undefined;
  if (existing) {
    const [row] = await db
      .update(users)
      .set({ discordName, picture, ...(role ? { role } : {}) })
      .where(eq(users.id, existing.id))
      .returning();
    if (existing.discordName !== discordName || existing.picture !== picture) await bumpBracketsOfUsers(db, [existing.id]);
    return row;
  }
  const [row] = await db
    .insert(users)
    .values({ discordId: profile.id, discordName, picture, role: role ?? 'USER' })
    .returning();
  return row;
}

/** What the bot needs on the league's server: Manage Channels and Manage Roles (tournament Discord clean-up). */
export const BOT_PERMISSIONS = String((1 << 4) | (1 << 28));

/** Discord's page that adds this application's bot to a server (the league's own when DISCORD_GUILD_ID is set). */
export function botInviteUrl(config: DiscordConfig, guildId?: string): string {
  const url = new URL(`${config.apiBase}/oauth2/authorize`);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('scope', 'bot');
  url.searchParams.set('permissions', BOT_PERMISSIONS);
  if (guildId) {
    url.searchParams.set('guild_id', guildId);
    url.searchParams.set('disable_guild_select', 'true');
  }
  return url.toString();
}

/** Shown instead of Discord's page when this server has no Discord application to invite. */
export const BOT_NOT_CONFIGURED_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Discord bot · Clutch</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#1a1b1e;color:#e9ecef}main{max-width:640px;margin:0 auto;padding:48px 20px}p{color:#adb5bd;line-height:1.5}code{color:#e9ecef}a{color:#74c0fc}</style>
</head><body><main>
<h1>The Discord bot is not set up</h1>
<p>This server has no Discord application, so there is no bot to invite. Set <code>DISCORD_CLIENT_ID</code>, <code>DISCORD_CLIENT_SECRET</code> and <code>DISCORD_REDIRECT_URI</code> (the application), and <code>DISCORD_BOT_TOKEN</code> and <code>DISCORD_GUILD_ID</code> (its bot and the league's Discord server), then restart Clutch.</p>
<p><a href="/admin">Back to the admin portal</a></p>
</main></body></html>`;
