import { afterAll, afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createTestModel } from '@xstate/graph';
import { eq } from 'drizzle-orm';
import { api, ApiError } from '../../src/api/client';
import { theme } from '../../src/app/theme';
import { Notifications } from '../../src/app/Notifications';
import { clearNotifications } from '../../src/ui/notify';
import { SessionContext, startSession } from '../../src/ui/session';
import { TournamentDetailPage } from '../../src/features/tournaments/detail/TournamentDetailPage';
import { joinTournamentMachine, type JoinTournamentContext } from '../../machines/flows/joinTournamentMachine';
import { tournaments } from '../../server/db/schema';
import { TOURNAMENT_ERRORS, VALIDATION } from '../../src/domain/messages';
import { startTestServer, type TestServer } from '../support/testServer';
import { TournamentFixtures } from '../views/tournamentFixtures';
import { Network } from './support/network';
import { definedTransitions, toTestMachine, transitionKey } from './support/testMachine';
import { coverTransitions, transitionsOf } from './support/coverTransitions';

configure({ asyncUtilTimeout: 5000 });

/**
 * The join flow, walked through the real detail page and the real in-process server: REGISTER, the form (team name,
 * terms box, its messages), the join call (held on the network while the test looks at the busy dialog), a refusal,
 * the payment dialog of a paid tournament (local test provider), closing it, and JOINED.
 *
 * Two tournaments make the model's two inputs: a free team tournament (team name asked; the call answers true) and a
 * paid solo tournament (no team name; the call answers a payment secret). Their paths together take every
 * transition of the machine.
 */

type Variant = 'freeTeam' | 'paidSolo';
type Snap = { value: unknown; context: JoinTournamentContext };
const TEAM_NAME = 'Red Five';
const INPUTS: Record<Variant, { tournamentId: number; teamOrUserId: number; needsTeamName: boolean; entryFee: number }> = {
  freeTeam: { tournamentId: 1, teamOrUserId: 1, needsTeamName: true, entryFee: 0 },
  paidSolo: { tournamentId: 1, teamOrUserId: 1, needsTeamName: false, entryFee: 5 },
};

function pathsFor(variant: Variant) {
  const model = createTestModel(toTestMachine(joinTournamentMachine), {
    input: INPUTS[variant],
    serializeState: transitionKey((s: Snap) => ({
      value: s.value,
      named: !!s.context.name?.trim(),
      agreed: s.context.agreed,
      errors: s.context.errors,
    })),
    events: (s: Snap) =>
      [
        { type: 'join.open' },
        { type: 'join.cancel' },
        { type: 'join.submit' },
        { type: 'name.change', name: s.context.name.trim() ? '' : TEAM_NAME },
        { type: 'terms.change', agreed: !s.context.agreed },
        {
          type: 'xstate.done.actor.joinTournament',
          output: variant === 'freeTeam' ? true : { clientSecret: 'lpi_secret' },
        },
        { type: 'xstate.error.actor.joinTournament', error: new ApiError(409, TOURNAMENT_ERRORS.signupsClosed) },
        { type: 'payment.succeeded' },
        { type: 'payment.close' },
      ] as never[],
  });
  return model
    .getShortestPaths()
    // A solo tournament has no team name field: nobody can type one.
    .filter((path) => variant === 'freeTeam' || !path.steps.some((s) => s.event.type === 'name.change'))
    .map((path) => ({ path, variant, transitions: transitionsOf(path, 'start', (e: { type: string }) => e.type) }));
}

const PATHS = coverTransitions([...pathsFor('freeTeam'), ...pathsFor('paidSolo')]);

describe('joinTournamentMachine through the tournament detail page', () => {
  let server: TestServer;
  const net = new Network();
  const user = userEvent.setup();
  let fx: TournamentFixtures;
  let current: { tournamentId: number; playerId: number; title: string } | null = null;

  afterEach(() => {
    cleanup();
    net.release();
  });
  afterAll(() => server?.close());

  /** Waits until `find` returns an element. */
  const present = (find: () => HTMLElement | null) =>
    waitFor(() => {
      const el = find();
      if (!el) throw new Error('not on screen yet');
      return el;
    });
  const joinRequest = /^POST \/v1\/billing\/join-tournament\//;
  const joinDialog = () => screen.queryByRole('dialog', { name: `Register for ${current!.title}` });
  const paymentDialog = () => screen.queryByRole('dialog', { name: 'Payment' });

  async function boot(variant: Variant) {
    server ??= await startTestServer();
    fx ??= new TournamentFixtures(server);
    const player = await fx.player();
    const t = await fx.tournament(variant === 'freeTeam' ? { teamLimit: 2 } : { entryFeeCents: 500 });
    current = { tournamentId: t.id, playerId: player.id, title: t.title };
    net.reset(await server.agent().signIn(player.discordName));
    api.configure({ fetch: net.fetch });
    clearNotifications();
    const session = startSession(api);
    // Stopped with the test: the test files of a worker share its window, and a session left running would answer the
    // next file's storage events (another tab signing in) with calls of its own.
    onTestFinished(() => session.stop());
    session.send({ type: 'session.refresh' });
    await waitFor(() => expect(session.getSnapshot().matches('signedIn')).toBe(true));
    const location = memoryLocation({ path: `/tournaments/${t.id}/details` });
    render(
      <MantineProvider theme={theme} forceColorScheme="dark">
        <ModalsProvider>
          <SessionContext.Provider value={session}>
            <Router hook={location.hook}>
              <Route path="/tournaments/:tournamentId/details" component={TournamentDetailPage} />
            </Router>
            <Notifications />
          </SessionContext.Provider>
        </ModalsProvider>
      </MantineProvider>,
    );
    await screen.findByRole('button', { name: 'REGISTER' });
  }

  const states = {
    closed: async () => {
      await waitFor(() => expect(joinDialog()).toBeNull());
      await waitFor(() => expect(paymentDialog()).toBeNull());
      const register = await screen.findByRole('button', { name: 'REGISTER' });
      expect((register as HTMLButtonElement).disabled).toBe(false);
    },
    editing: async (s: Snap) => {
      const dialog = await present(joinDialog);
      const c = s.context;
      const nameField = within(dialog).queryByRole('textbox', { name: /Team name/ }) as HTMLInputElement | null;
      if (c.needsTeamName) expect(nameField!.value).toBe(c.name);
      else expect(nameField).toBeNull();
      expect((within(dialog).getByRole('checkbox', { name: /I agree to the terms and conditions/ }) as HTMLInputElement).checked).toBe(c.agreed);
      expect(!!within(dialog).queryByText(VALIDATION.teamName)).toBe(!!c.errors.name);
      expect(!!within(dialog).queryByText(VALIDATION.terms)).toBe(!!c.errors.terms);
      expect(!!within(dialog).queryByText('This tournament has an entry fee of €5.00. You will be asked to pay after registering.')).toBe(
        c.entryFee > 0,
      );
      expect((within(dialog).getByRole('button', { name: 'Register' }) as HTMLButtonElement).disabled).toBe(false);
    },
    joining: async (s: Snap) => {
      await waitFor(() => expect(net.held.filter((r) => joinRequest.test(r))).toHaveLength(1));
      expect(net.held[0]).toBe(`POST /v1/billing/join-tournament/${current!.tournamentId}/${current!.playerId}`);
      const dialog = joinDialog()!;
      // While the call is out the form cannot be sent twice or cancelled.
      expect(within(dialog).getByRole('button', { name: 'Register' }).getAttribute('data-loading')).toBe('true');
      expect((within(dialog).getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
      expect(s.context.errors).toEqual({});
    },
    paying: async () => {
      const payment = await present(paymentDialog);
      expect(within(payment).getByText(`Entry: ${current!.title}`)).toBeTruthy();
      expect(within(payment).getByText('€5.00')).toBeTruthy();
      await waitFor(() => expect(joinDialog()).toBeNull());
    },
    joined: async (s: Snap) => {
      expect(await screen.findByRole('button', { name: 'JOINED' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'REGISTER' })).toBeNull();
      if (s.context.needsTeamName) {
        expect(screen.getByText('Tournament Joined')).toBeTruthy();
        expect(within(screen.getByRole('region', { name: 'Your team' })).getByText(TEAM_NAME)).toBeTruthy();
      } else {
        expect(screen.getByText('Payment Received')).toBeTruthy();
        expect(await fx.entriesOf(current!.tournamentId, current!.playerId)).toHaveLength(1);
      }
    },
  };

  const events = {
    'join.open': async () => {
      await user.click(screen.getByRole('button', { name: 'REGISTER' }));
    },
    'join.cancel': async () => {
      await user.click(within(joinDialog()!).getByRole('button', { name: 'Cancel' }));
    },
    'join.submit': async () => {
      net.hold(joinRequest);
      await user.click(within(joinDialog()!).getByRole('button', { name: 'Register' }));
    },
    'name.change': async ({ event }: { event: { name: string } }) => {
      const field = within(joinDialog()!).getByRole('textbox', { name: /Team name/ });
      await user.clear(field);
      if (event.name) await user.type(field, event.name);
    },
    'terms.change': async () => {
      await user.click(within(joinDialog()!).getByRole('checkbox', { name: /I agree to the terms and conditions/ }));
    },
    'xstate.done.actor.joinTournament': () => net.release(),
    'xstate.error.actor.joinTournament': async () => {
      // Sign-ups close while the call is on its way: the server refuses it.
      const db = server.database.db;
      await db.update(tournaments).set({ allowSignups: false }).where(eq(tournaments.id, current!.tournamentId));
      net.release();
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText(TOURNAMENT_ERRORS.signupsClosed)).toBeTruthy();
      await db.update(tournaments).set({ allowSignups: true }).where(eq(tournaments.id, current!.tournamentId));
      clearNotifications();
    },
    'payment.succeeded': async () => {
      const payment = paymentDialog()!;
      await user.type(within(payment).getByRole('textbox', { name: /Card number/ }), '4242 4242 4242 4242');
      await user.click(within(payment).getByRole('button', { name: /^Pay/ }));
    },
    'payment.close': async () => {
      await user.click(within(paymentDialog()!).getByRole('button', { name: 'Cancel' }));
    },
  };

  it('walks every transition the machine defines', () => {
    expect(new Set(PATHS.kept.flatMap((p) => p.transitions))).toEqual(definedTransitions(toTestMachine(joinTournamentMachine), { start: true }));
  });

  describe.each(PATHS.kept)('$variant: $path.description', ({ path, variant }) => {
    it('shows what the player should see at every step', async () => {
      await boot(variant);
      await path.test({ states: states as never, events: events as never });
    });
  });
});
