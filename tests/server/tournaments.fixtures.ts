import { eq } from 'drizzle-orm';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tournaments, users } from '../../server/db/schema';
import type { Agent, TestServer } from '../support/testServer';
import type { TournamentStatus } from '../../src/domain/constants';

const DAY = 86_400_000;
let serial = 0;

/** A create-form body that passes every rule; `overrides` change or (with undefined) drop fields. */
export function tournamentBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const body: Record<string, unknown> = {
    title: `Test Cup ${++serial}`,
    subTitle: 'A tournament for the tests',
    description: 'Double elimination, best of three.',
    entryFee: 0,
    startDate: today + 7 * DAY,
    startTime: '19:00',
    endDate: today + 8 * DAY,
    signUpClose: today + 6 * DAY,
    tournamentType: 'TOURNAMENT',
    rules: 'https://clutch.gg/rules/tournaments',
    prizePoolInfo: '€100 to the winner',
    host: 'Clutch League',
    game: 'CODMW3',
    platforms: ['PC', 'XBOX'],
    allowSignups: true,
  };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete body[key];
    else body[key] = value;
  }
  return body;
}

/** Creates a tournament through the API as `admin` and answers its id. */
export async function createTournament(admin: Agent, overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await admin.post('/v1/tournament', tournamentBody(overrides));
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** A fresh player (not in the seed's tournaments) with a signed-in agent. */
export async function newPlayer(server: TestServer, values: Partial<typeof users.$inferInsert> = {}) {
  const [user] = await server.database.db
    .insert(users)
    .values({ discordName: `TPlayer${++serial}x${Math.random().toString(36).slice(2, 7)}`, katanaRank: 1000 + serial, ...values })
    .returning();
  const agent = await server.agent().signIn(user.discordName);
  return { user, agent };
}

export async function setStatus(server: TestServer, id: number, status: TournamentStatus) {
  await server.database.db.update(tournaments).set({ status }).where(eq(tournaments.id, id));
}

/** A multipart body with one `file` field, as the SPA's upload sends it. */
export function multipartFile(data: Buffer, contentType = 'image/png', filename = 'logo.png') {
  const boundary = `----clutchtest${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface DiscordFake {
  url: string;
  token: string;
  guildId: string;
  channels: { id: string; name: string; type: number }[];
  roles: { id: string; name: string }[];
  /** Every request: method, path and whether the bot token was right. */
  requests: { method: string; path: string; authorized: boolean }[];
  /** Answer every call with this status instead (to test failures). */
  failWith: number | null;
  close(): Promise<void>;
}

/** A loopback fake of Discord's REST API: guild channels and roles, listed and deleted with a bot token. */
export async function startDiscordFake(): Promise<DiscordFake> {
  const fake: Omit<DiscordFake, 'url' | 'close'> = {
    token: 'test-bot-token',
    guildId: '424242',
    channels: [],
    roles: [],
    requests: [],
    failWith: null,
  };
  const json = (res: ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const authorized = req.headers.authorization === `Bot ${fake.token}`;
    fake.requests.push({ method: req.method ?? '', path, authorized });
    if (!authorized) return json(res, 401, { message: '401: Unauthorized', code: 0 });
    if (fake.failWith) return json(res, fake.failWith, { message: 'fake failure' });
    const guild = `/api/v10/guilds/${fake.guildId}`;
    if (req.method === 'GET' && path === `${guild}/channels`) return json(res, 200, fake.channels);
    if (req.method === 'GET' && path === `${guild}/roles`) return json(res, 200, fake.roles);
    let match = /^\/api\/v10\/channels\/(\w+)$/.exec(path);
    if (req.method === 'DELETE' && match) {
      const i = fake.channels.findIndex((c) => c.id === match![1]);
      if (i < 0) return json(res, 404, { message: 'Unknown Channel', code: 10003 });
      const [removed] = fake.channels.splice(i, 1);
      return json(res, 200, removed);
    }
    match = new RegExp(`^${guild}/roles/(\\w+)$`).exec(path);
    if (req.method === 'DELETE' && match) {
      const i = fake.roles.findIndex((r) => r.id === match![1]);
      if (i < 0) return json(res, 404, { message: 'Unknown Role', code: 10011 });
      fake.roles.splice(i, 1);
      return json(res, 204);
    }
    return json(res, 404, { message: '404: Not Found', code: 0 });
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
