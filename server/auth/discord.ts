import type { Config } from '../config';

type DiscordConfig = NonNullable<Config['discord']>;

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
