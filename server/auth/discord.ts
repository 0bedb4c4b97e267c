import { CodeChallengeMethod, Discord, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { users } from '../db/schema';

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
    return row;
  }
  const [row] = await db
    .insert(users)
    .values({ discordId: profile.id, discordName, picture, role: role ?? 'USER' })
    .returning();
  return row;
}
