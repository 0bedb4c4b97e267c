import { cleanup, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ComponentType } from 'react';
import { and, eq } from 'drizzle-orm';
import { api } from '../../src/api/client';
import { theme } from '../../src/app/theme';
import { Guard } from '../../src/app/Guard';
import { Notifications } from '../../src/app/Notifications';
import { clearNotifications } from '../../src/ui/notify';
import { SessionContext, startSession } from '../../src/ui/session';
import { UpcomingTournamentsPage } from '../../src/features/tournaments/UpcomingTournamentsPage';
import { AllTournamentsPage } from '../../src/features/tournaments/AllTournamentsPage';
import { HallOfFamePage } from '../../src/features/tournaments/HallOfFamePage';
import { TournamentDetailPage } from '../../src/features/tournaments/detail/TournamentDetailPage';
import { TournamentEntriesPage } from '../../src/features/tournaments/entries/TournamentEntriesPage';
import { TournamentTeamPage } from '../../src/features/tournaments/team/TournamentTeamPage';
import { InvitesPage } from '../../src/features/invites/InvitesPage';
import {
  temporaryTeamInvites,
  temporaryTeamMembers,
  temporaryTeams,
  tournamentEntries,
  tournaments,
  users,
} from '../../server/db/schema';
import type { Agent, TestServer } from '../support/testServer';

/**
 * The player-facing tournament routes in the order src/app/routes.tsx registers them. Rendering only these keeps the
 * tests independent of screens other engineers are still building.
 */
const ROUTES: [string, ComponentType, 'all' | 'user'][] = [
  ['/tournaments', UpcomingTournamentsPage, 'all'],
  ['/tournaments/all', AllTournamentsPage, 'all'],
  ['/tournaments/hall-of-fame', HallOfFamePage, 'all'],
  ['/tournaments/:tournamentId/details', TournamentDetailPage, 'all'],
  ['/tournaments/:tournamentId/entries', TournamentEntriesPage, 'all'],
  ['/tournaments/:tournamentId/:teamId', TournamentTeamPage, 'all'],
  ['/invites', InvitesPage, 'user'],
];

export interface Rendered {
  agent: Agent;
  location: ReturnType<typeof memoryLocation>;
  user: ReturnType<typeof userEvent.setup>;
  /** "METHOD /v1/path?query" of every request the SPA sent. */
  sent: string[];
}

/**
 * Points the SPA's client at the in-process server as `who` (a guest when null) and renders the tournament routes at
 * `path`, with the modals provider and the notifications, as the app does.
 */
export async function renderAt(
  server: TestServer,
  path: string,
  who: string | null = null,
  /** More screens (other areas' tests), matched before the tournament routes. */
  extraRoutes: [string, ComponentType, 'all' | 'user'][] = [],
): Promise<Rendered> {
  // One screen at a time: a test that looks at a second page leaves the first.
  cleanup();
  const agent = server.agent();
  if (who) await agent.signIn(who);
  const sent: string[] = [];
  api.configure({
    fetch: async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
      sent.push(`${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}${url.search}`);
      return agent.fetch(input, init);
    },
  });
  clearNotifications();
  const session = startSession(api);
  if (who) {
    session.send({ type: 'session.refresh' });
    await waitFor(() => expect(session.getSnapshot().matches('signedIn')).toBe(true));
  }
  const location = memoryLocation({ path, record: true });
  render(
    <MantineProvider theme={theme} forceColorScheme="dark">
      <ModalsProvider>
        <SessionContext.Provider value={session}>
          <Router hook={location.hook}>
            <Switch>
              {[...extraRoutes, ...ROUTES].map(([routePath, Component, access]) => (
                <Route key={routePath} path={routePath}>
                  {access === 'user' ? (
                    <Guard>
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
  return { agent, location, user: userEvent.setup(), sent };
}

const DAY = 86_400_000;
let serial = 0;
type TournamentInsert = typeof tournaments.$inferInsert;

/** Small insert helpers: each test makes the tournaments, players and teams it looks at. */
export class TournamentFixtures {
  constructor(private readonly server: TestServer) {}

  private get db() {
    return this.server.database.db;
  }

  async player(values: Partial<typeof users.$inferInsert> = {}) {
    const [row] = await this.db
      .insert(users)
      .values({ discordName: `Pilot${++serial}${Math.random().toString(36).slice(2, 6)}`, katanaRank: 1200 + serial, ...values })
      .returning();
    return row;
  }

  async tournament(values: Partial<TournamentInsert> = {}) {
    const now = Date.now();
    const [row] = await this.db
      .insert(tournaments)
      .values({
        title: `Fixture Cup ${++serial}`,
        subTitle: 'Fixture subtitle',
        description: 'Fixture description',
        game: 'CODMW3',
        platforms: ['PC', 'XBOX'],
        startDate: now + 7 * DAY,
        startTime: '19:00',
        endDate: now + 8 * DAY,
        signUpClose: now + 6 * DAY,
        rules: 'https://clutch.gg/rules/tournaments',
        prizePoolInfo: '€100 to the winner',
        host: 'Clutch League',
        status: 'OPEN',
        allowSignups: true,
        ...values,
      })
      .returning();
    return row;
  }

  async soloEntry(tournamentId: number, userId: number) {
    const [row] = await this.db.insert(tournamentEntries).values({ tournamentId, userId }).returning();
    return row;
  }

  /** A temporary team with its captain and players (in order) and, unless `entry: false`, its entry. */
  async team(tournamentId: number, captainId: number, players: number[] = [], opts: { name?: string; entry?: boolean; freeSubstitutes?: string[] } = {}) {
    const [team] = await this.db
      .insert(temporaryTeams)
      .values({ tournamentId, name: opts.name ?? `Squad ${++serial}`, captainId, freeSubstitutes: opts.freeSubstitutes ?? [] })
      .returning();
    const members = [captainId, ...players];
    await this.db.insert(temporaryTeamMembers).values(
      members.map((userId, slot) => ({
        teamId: team.id,
        userId,
        tournamentId,
        teamRole: slot === 0 ? ('CAPTAIN' as const) : ('PLAYER' as const),
        slot,
        joinedAt: Date.now() + slot,
      })),
    );
    if (opts.entry !== false) await this.db.insert(tournamentEntries).values({ tournamentId, temporaryTeamId: team.id });
    return team;
  }

  async setStatus(tournamentId: number, status: (typeof tournaments.$inferSelect)['status']) {
    await this.db.update(tournaments).set({ status }).where(eq(tournaments.id, tournamentId));
  }

  async invite(teamId: number, userId: number) {
    await this.db.insert(temporaryTeamInvites).values({ teamId, userId });
  }

  async members(teamId: number) {
    return this.db.select().from(temporaryTeamMembers).where(eq(temporaryTeamMembers.teamId, teamId));
  }

  async entriesOf(tournamentId: number, userId: number) {
    return this.db
      .select()
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.tournamentId, tournamentId), eq(tournamentEntries.userId, userId)));
  }
}
