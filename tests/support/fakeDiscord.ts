import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DiscordProfile {
  id: string;
  username: string;
  global_name?: string | null;
  avatar?: string | null;
}

/**
 * A loopback stand-in for Discord's HTTP API (the only part of sign-in we may fake): the token endpoint checks the
 * client credentials, the redirect URI and the PKCE verifier against the challenge of the authorize URL, and
 * /api/users/@me answers the profile the code was issued for.
 */
export class FakeDiscord {
  readonly clientId = 'test-client-id';
  readonly clientSecret = 'test-client-secret';
  readonly requests: string[] = [];
  private server!: Server;
  private codes = new Map<string, { profile: DiscordProfile; challenge: string }>();
  private tokens = new Map<string, DiscordProfile>();

  get base() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req)
        .then(({ status, body }) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
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
    return { code, state: url.searchParams.get('state') ?? '' };
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const url = new URL(req.url ?? '/', this.base);
    this.requests.push(`${req.method} ${url.pathname}`);
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
    if (req.method === 'GET' && url.pathname === '/api/users/@me') {
      const profile = this.tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      return profile ? { status: 200, body: profile } : { status: 401, body: { message: '401: Unauthorized', code: 0 } };
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
