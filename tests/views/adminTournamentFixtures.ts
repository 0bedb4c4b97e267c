import { expect } from 'vitest';
import type { Agent, TestServer } from '../support/testServer';

export interface Player {
  id: number;
  discordName: string;
}

/** Players of the demo league (role USER, not banned), `count` of them from `offset` on. */
export async function demoPlayers(server: TestServer, count: number, offset = 0): Promise<Player[]> {
  const res = await server.agent().get('/v1/user?perPage=100');
  expect(res.status).toBe(200);
  const players = (res.body.results as (Player & { role: string })[]).filter((u) => u.role === 'USER');
  return players.slice(offset, offset + count).map(({ id, discordName }) => ({ id, discordName }));
}

const DAY = 86_400_000;

/** Creates a tournament through the API as the signed-in admin and answers its id. */
export async function createTournament(admin: Agent, overrides: Record<string, unknown> = {}): Promise<number> {
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  const res = await admin.post('/v1/tournament', {
    title: `Fixture Cup ${Math.random().toString(36).slice(2, 8)}`,
    subTitle: 'A fixture',
    description: 'Made by a test',
    entryFee: 0,
    startDate: start.getTime() + DAY,
    startTime: '19:00',
    endDate: start.getTime() + DAY,
    signUpClose: start.getTime() + DAY,
    tournamentType: 'TOURNAMENT',
    teamLimit: 1,
    rules: 'https://clutch.gg/rules/fixture',
    prizePoolInfo: 'None',
    host: 'AdminAce',
    game: 'CODMW3',
    platforms: ['PC'],
    allowSignups: true,
    allowScoreSubmission: true,
    ...overrides,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

/** Signs each player in and joins the (free, solo or SWITCHEROO) tournament. */
export async function joinAll(server: TestServer, tournamentId: number, players: Player[]) {
  for (const p of players) {
    const agent = await server.agent().signIn(p.discordName);
    const res = await agent.post(`/v1/billing/join-tournament/${tournamentId}/${p.id}`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

/** A signed-in admin agent. */
export const adminAgent = (server: TestServer, name = 'AdminAce') => server.agent().signIn(name);
