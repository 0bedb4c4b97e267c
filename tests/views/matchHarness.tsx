import { cleanup, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ComponentType } from 'react';
import { api } from '../../src/api/client';
import type { TournamentMatch } from '../../src/api/contract/tournament';
import { theme } from '../../src/app/theme';
import { Guard } from '../../src/app/Guard';
import { Notifications } from '../../src/app/Notifications';
import { clearNotifications } from '../../src/ui/notify';
import { SessionContext, STAFF_ROLES, startSession, type SessionActor } from '../../src/ui/session';
import { BracketPage } from '../../src/features/bracket/BracketPage';
import { MatchPage } from '../../src/features/matches/MatchPage';
import { AdminMatchesPage } from '../../src/features/matches/AdminMatchesPage';
import { DisputesPage, IncompletePage, OverduePage } from '../../src/features/admin/queues/MatchQueuePage';
import type { Db } from '../../server/db/client';
import { temporaryTeamMembers, temporaryTeams, tournamentEntries, tournamentMatches, tournaments, users } from '../../server/db/schema';
import { generateTournamentBracket } from '../../server/services/brackets';
import type { Agent } from '../support/testServer';
import { eq } from 'drizzle-orm';

/** The match screens' routes, in the order src/app/routes.tsx registers them, with their guards. */
const ROUTES: [string, ComponentType, 'all' | 'staff'][] = [
  ['/tournaments/:tournamentId', BracketPage, 'all'],
  ['/tournaments/:tournamentId/match/:matchId', MatchPage, 'all'],
  ['/tournaments/:tournamentId/matches', AdminMatchesPage, 'staff'],
  ['/admin/disputes', DisputesPage, 'staff'],
  ['/admin/incomplete', IncompletePage, 'staff'],
  ['/admin/overdue', OverduePage, 'staff'],
];

export interface Screens {
  location: ReturnType<typeof memoryLocation> & { history: string[] };
  user: ReturnType<typeof userEvent.setup>;
  session: SessionActor;
  /** "METHOD /v1/path?query" of every request the SPA sent. */
  sent: string[];
  path: () => string;
}

/**
 * Renders the match screens at `path` for `agent` (signed in or a guest) against the in-process server, with the
 * modals provider and the notifications, as the app does. `fetch` replaces the agent's (a test network valve).
 */
export async function renderScreens(path: string, agent: Agent, opts: { signedIn: boolean; fetch?: typeof globalThis.fetch }): Promise<Screens> {
  // A test may look at several screens in turn: one at a time, as in a browser tab.
  cleanup();
  const sent: string[] = [];
  const base = opts.fetch ?? agent.fetch;
  api.configure({
    fetch: async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      sent.push(`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search}`);
      return base(input, init);
    },
  });
  clearNotifications();
  const session = startSession(api);
  if (opts.signedIn) {
    session.send({ type: 'session.refresh' });
    await waitFor(() => expect(session.getSnapshot().matches('signedIn')).toBe(true));
  }
  const location = memoryLocation({ path, record: true }) as Screens['location'];
  render(
    <MantineProvider theme={theme} forceColorScheme="dark">
      <ModalsProvider>
        <SessionContext.Provider value={session}>
          <Router hook={location.hook}>
            <Switch>
              {ROUTES.map(([routePath, Component, access]) => (
                <Route key={routePath} path={routePath}>
                  {access === 'staff' ? (
                    <Guard roles={STAFF_ROLES}>
                      <Component />
                    </Guard>
                  ) : (
                    <Component />
                  )}
                </Route>
              ))}
              <Route>
                <p>Elsewhere</p>
              </Route>
            </Switch>
          </Router>
          <Notifications />
        </SessionContext.Provider>
      </ModalsProvider>
    </MantineProvider>,
  );
  return { location, user: userEvent.setup(), session, sent, path: () => location.history.at(-1)! };
}

let serial = 0;
const tag = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;
const DAY = 86_400_000;

export interface BracketFixture {
  tournamentId: number;
  title: string;
  /** Per entry (sign-up order): its entry id and the players who play for it. */
  entries: { id: number; teamId: number | null; players: { id: number; discordName: string }[] }[];
}

export interface FixtureOptions {
  entries: number;
  /** Entries are two-player temporary teams (captain first). */
  teams?: boolean;
  status?: 'OPEN' | 'CLOSED' | 'ACTIVE' | 'COMPLETED';
  allowScoreSubmission?: boolean;
  title?: string;
  /** Generate the bracket (default true). */
  bracket?: boolean;
}

/** A tournament with `entries` entries inserted straight into the database and, unless told otherwise, its bracket. */
export async function createBracketFixture(db: Db, opts: FixtureOptions): Promise<BracketFixture> {
  const t0 = tag();
  const title = opts.title ?? `Score Cup ${t0}`;
  const [t] = await db
    .insert(tournaments)
    .values({
      title,
      startDate: Date.now() - DAY,
      endDate: Date.now() + 7 * DAY,
      signUpClose: Date.now() - 2 * DAY,
      game: 'CODMW3',
      teamLimit: opts.teams ? 2 : 1,
      status: opts.status ?? 'ACTIVE',
      allowScoreSubmission: opts.allowScoreSubmission ?? true,
      allowSignups: false,
    })
    .returning();
  const fixture: BracketFixture = { tournamentId: t.id, title, entries: [] };
  for (let i = 0; i < opts.entries; i++) {
    const size = opts.teams ? 2 : 1;
    const players = await db
      .insert(users)
      .values(Array.from({ length: size }, (_, m) => ({ discordName: `Ace${t0}x${i}m${m}`, katanaRank: 2000 - i * 10 })))
      .returning({ id: users.id, discordName: users.discordName });
    let teamId: number | null = null;
    if (opts.teams) {
      const [team] = await db
        .insert(temporaryTeams)
        .values({ tournamentId: t.id, name: `Squad ${t0} ${i}`, captainId: players[0].id, listOrder: i })
        .returning();
      teamId = team.id;
      await db.insert(temporaryTeamMembers).values(
        players.map((u, slot) => ({ teamId: team.id, userId: u.id, tournamentId: t.id, teamRole: slot === 0 ? ('CAPTAIN' as const) : ('PLAYER' as const), slot })),
      );
    }
    const [entry] = await db
      .insert(tournamentEntries)
      .values({ tournamentId: t.id, userId: opts.teams ? null : players[0].id, temporaryTeamId: teamId, createdAt: Date.now() + i })
      .returning();
    fixture.entries.push({ id: entry.id, teamId, players });
  }
  if (opts.bracket !== false) await db.transaction((tx) => generateTournamentBracket(tx, t.id));
  return fixture;
}

/** The bracket as the API serves it. */
export async function matchesOf(agent: Agent, tournamentId: number): Promise<TournamentMatch[]> {
  const res = await agent.get(`/v1/tournament/${tournamentId}/match`);
  if (res.status !== 200) throw new Error(`GET match list answered ${res.status}`);
  return res.body as TournamentMatch[];
}

/** The first match (in play order) whose two entrants are known. */
export async function firstPlayable(agent: Agent, tournamentId: number): Promise<TournamentMatch> {
  const match = (await matchesOf(agent, tournamentId)).find((m) => m.entryAId !== null && m.entryBId !== null && !m.entryAbye && !m.entryBbye && m.winningEntry === '');
  if (!match) throw new Error('no playable match');
  return match;
}

/** A player (member `member`) of the entry on side `side` of `match`. */
export function playerOf(f: BracketFixture, match: TournamentMatch, side: 'A' | 'B', member = 0) {
  const entryId = side === 'A' ? match.entryAId : match.entryBId;
  const entry = f.entries.find((e) => e.id === entryId);
  if (!entry) throw new Error(`entry ${entryId} is not in the fixture`);
  return entry.players[member];
}

/** The stored row of a match (what the server really saved). */
export async function matchRow(db: Db, matchId: number) {
  const [row] = await db.select().from(tournamentMatches).where(eq(tournamentMatches.id, matchId));
  return row;
}

/** An account with a role, inserted straight into the database. */
export async function createAccount(db: Db, role: 'USER' | 'ADMIN' | 'OWNER' = 'USER') {
  const [row] = await db.insert(users).values({ discordName: `${role.toLowerCase()}${tag()}`, role }).returning();
  return row;
}
