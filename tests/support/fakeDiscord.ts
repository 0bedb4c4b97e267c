import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DiscordProfile {
  id: string;
  username: string;
  global_name?: string | null;
  avatar?: string | null;
}

/** A message Discord received on a webhook (issue 25's announcements). */
export interface WebhookPost {
  webhookId: string;
  token: string;
  /** When it arrived (ms). */
  at: number;
  /** What Discord answered. */
  status: number;
  body: { username?: string; allowed_mentions?: unknown; embeds: DiscordEmbed[] };
}

export interface DiscordEmbed {
  title: string;
  description: string;
  url: string;
  color: number;
  fields: { name: string; value: string; inline?: boolean }[];
  timestamp?: string;
}

/**
 * How the fake answers the next webhook post: 429 with `retry_after` seconds (Discord's rate limit, `global` for
 * the global one), 500 (Discord down), 404 (a deleted webhook). Posts beyond the script are answered 204.
 */
export type WebhookAnswer = { status: 429; retryAfter: number; global?: boolean } | { status: 500 | 404 };

/**
 * A loopback stand-in for Discord's HTTP API (the only part of sign-in we may fake): the token endpoint checks the
 * client credentials, the redirect URI and the PKCE verifier against the challenge of the authorize URL, and
 * /api/v10/users/@me answers the profile the code was issued for, and /api/v10/users/{id} (with the bot token) the
 * profile Discord has now for that id (`approve` and `setProfile` keep it). Webhooks (`/api/webhooks/{id}/{token}`) take messages
 * of embeds, answer as `webhookScript` says (then 204), and keep every post in `webhookPosts`.
 */
export class FakeDiscord {
  readonly clientId = 'test-client-id';
  readonly clientSecret = 'test-client-secret';
  readonly botToken = 'test-bot-token';
  readonly requests: string[] = [];
  readonly webhookPosts: WebhookPost[] = [];
  webhookScript: WebhookAnswer[] = [];
  /** Sent with every webhook answer: `X-RateLimit-Remaining` (0 makes a polite client wait `resetAfter` seconds). */
  rateLimit = { remaining: 4, resetAfter: 0.5 };
  private server!: Server;
  private codes = new Map<string, { profile: DiscordProfile; challenge: string }>();
  private tokens = new Map<string, DiscordProfile>();
  private profiles = new Map<string, DiscordProfile>();

  get base() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A webhook URL on this fake (any id and token of Discord's shapes). */
  webhookUrl(id = '112233445566778899', token = 'fake-token_0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ') {
    return `${this.base}/api/webhooks/${id}/${token}`;
  }

  /** Posts received on the webhook `id` that Discord accepted. */
  delivered(id = '112233445566778899') {
    return this.webhookPosts.filter((p) => p.webhookId === id && p.status === 204);
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req)
        .then(({ status, body, headers }) => {
          res.writeHead(status, { ...(status === 204 ? {} : { 'content-type': 'application/json' }), ...headers });
          res.end(status === 204 ? undefined : JSON.stringify(body));
        })
        .catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: String(err) }));
        });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** What Discord does when the user approves: a code bound to the authorize URL's PKCE challenge. */
  approve(authorizeUrl: string, profile: DiscordProfile): { code: string; state: string } {
    const url = new URL(authorizeUrl);
    const code = randomBytes(8).toString('hex');
    this.codes.set(code, { profile, challenge: url.searchParams.get('code_challenge') ?? '' });
    this.setProfile(profile);
    return { code, state: url.searchParams.get('state') ?? '' };
  }

  /** What Discord has now for a user (a changed or removed avatar, say). */
  setProfile(profile: DiscordProfile) {
    this.profiles.set(profile.id, profile);
  }

  private webhook(req: IncomingMessage, id: string, token: string, text: string) {
    const answer = this.webhookScript.shift();
    const status = answer?.status ?? 204;
    const headers = {
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': String(status === 429 ? 0 : this.rateLimit.remaining),
      'x-ratelimit-reset-after': String(this.rateLimit.resetAfter),
      ...(answer?.status === 429 ? { 'retry-after': String(Math.ceil(answer.retryAfter)) } : {}),
    };
    let body: WebhookPost['body'] = { embeds: [] };
    try {
      body = JSON.parse(text) as WebhookPost['body'];
    } catch {
      return { status: 400, body: { message: 'Cannot send an empty message', code: 50006 }, headers };
    }
    this.webhookPosts.push({ webhookId: id, token, at: Date.now(), status, body });
    if (req.headers['content-type'] !== 'application/json') return { status: 400, body: { message: 'Bad content type' }, headers };
    if (answer?.status === 429) {
      return {
        status,
        body: { message: 'You are being rate limited.', retry_after: answer.retryAfter, global: answer.global ?? false },
        headers,
      };
    }
    if (answer?.status === 404) return { status, body: { message: 'Unknown Webhook', code: 10015 }, headers };
    if (answer?.status === 500) return { status, body: { message: '500: Internal Server Error', code: 0 }, headers };
    return { status: 204, body: null, headers };
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const url = new URL(req.url ?? '/', this.base);
    this.requests.push(`${req.method} ${url.pathname}`);
    const hook = /^\/api(?:\/v\d+)?\/webhooks\/(\d+)\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'POST' && hook) return this.webhook(req, hook[1], hook[2], await readBody(req));
    if (req.method === 'POST' && url.pathname === '/api/oauth2/token') {
      const form = new URLSearchParams(await readBody(req));
      const basic = Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64');
      const clientOk =
        req.headers.authorization === `Basic ${basic}` ||
        (form.get('client_id') === this.clientId && form.get('client_secret') === this.clientSecret);
      if (!clientOk) return { status: 401, body: { error: 'invalid_client' } };
      const grant = this.codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (form.get('grant_type') !== 'authorization_code' || !grant || grant.challenge !== challenge) {
        return { status: 400, body: { error: 'invalid_grant' } };
      }
      this.codes.delete(form.get('code')!);
      const accessToken = randomBytes(12).toString('hex');
      this.tokens.set(accessToken, grant.profile);
      return {
        status: 200,
        body: { access_token: accessToken, token_type: 'Bearer', expires_in: 604800, refresh_token: 'r', scope: 'identify' },
      };
    }
    const user = /^\/api(?:\/v\d+)?\/users\/(@me|\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && user?.[1] === '@me') {
      const profile = this.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return profile ? { status: 200, body: profile } : { status: 401, body: { message: '401: Unauthorized', code: 0 } };
    }
    if (req.method === 'GET' && user) {
      if (req.headers.authorization !== `Bot ${this.botToken}`) return { status: 401, body: { message: '401: Unauthorized', code: 0 } };
      const profile = this.profiles.get(user[1]);
      return profile ? { status: 200, body: profile } : { status: 404, body: { message: 'Unknown User', code: 10013 } };
    }
    return { status: 404, body: { message: '404: Not Found' } };
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
