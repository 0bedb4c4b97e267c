import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { createTestModel } from '@xstate/graph';
import { startTestServer, type Agent, type TestServer } from '../support/testServer';
import { tournamentMachine, type TournamentEventType } from '../../machines/rules/tournamentMachine';
import { CONFIRM, ERRORS, SERVER, SUCCESS } from '../../src/domain/messages';
import { clearNotifications } from '../../src/ui/notify';
import { renderApp } from '../support/renderApp';
import { adminAgent, playOut, tournamentIn, type Status } from '../views/adminTournamentFixtures';
import { pasteInto } from '../support/pasteInto';

/**
 * Model-based test of the tournament lifecycle: one walk through the machine that takes every transition of every
 * state (checked below), each executed through the admin screens against the real in-process server, and each
 * state verified on screen (status, the actions the OPTIONS menu offers) and on the server.
 */

const TITLE = 'Lifecycle Walk Cup';
const LIFECYCLE_ITEMS = ['Close', 'Open', 'Start', 'Maps and Modes', 'Discord Clean Up', 'Edit', 'Delete'];

/** What the spec lets an admin do in each status (seasons-and-admin §4), as menu items. */
const OFFERED: Record<Status, string[]> = {
  OPEN: ['Edit', 'Close', 'Delete'],
  CLOSED: ['Edit', 'Open', 'Start', 'Delete'],
  ACTIVE: ['Edit', 'Close', 'Maps and Modes', 'Delete'],
  COMPLETED: ['Edit', 'Discord Clean Up', 'Delete'],
};

/** A walk that takes every transition: edit and delete in every status, and every move between them. */
const WALK: TournamentEventType[] = [
  'tournament.edit',
  'tournament.delete',
  'tournament.close',
  'tournament.edit',
  'tournament.delete',
  'tournament.editMaps',
  'tournament.open',
  'tournament.close',
  'tournament.start',
  'tournament.edit',
  'tournament.delete',
  'tournament.editMaps',
  'tournament.close',
  'tournament.start',
  'tournament.complete',
  'tournament.edit',
  'tournament.delete',
  'tournament.cleanDiscord',
];

let server: TestServer;
let admin: Agent;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await adminAgent(server);
}, 120_000);
afterAll(() => server?.close());

const statusOf = (value: unknown) => String(value).toUpperCase() as Status;

describe('the tournament lifecycle through the admin screens', () => {
  it('the walk takes every transition of the machine', () => {
    const taken = new Set<string>();
    const [path] = createTestModel(tournamentMachine).getPathsFromEvents(WALK.map((type) => ({ type })));
    let from = 'open';
    for (const step of path.steps.slice(1)) {
      taken.add(`${from} ${step.event.type}`);
      from = String(step.state.value);
    }
    const all = Object.entries(tournamentMachine.config.states!).flatMap(([state, node]) =>
      Object.keys(node.on ?? {}).map((event) => `${state} ${event}`),
    );
    expect([...taken].sort()).toEqual(all.sort());
  });

  it('walks every state and transition against the real server', async () => {
    let id = await tournamentIn(server, 'OPEN', TITLE);
    const { user, navigate, path: location } = await renderApp('/admin/tournaments', { server, as: 'AdminAce' });
    let edits = 0;

    /** The table, searched down to the walk's tournament, freshly loaded. */
    async function showTable() {
      navigate('/elsewhere');
      await screen.findByRole('heading', { name: 'Page not found' });
      navigate('/admin/tournaments');
      await pasteInto(user, await screen.findByRole('searchbox', { name: 'Search Tournaments' }), TITLE);
      await waitFor(() => expect(screen.getAllByRole('button', { name: /^Options for / })).toHaveLength(1), { timeout: 5000 });
    }
    async function menuItems() {
      await user.click(screen.getByRole('button', { name: `Options for ${TITLE}` }));
      // jsdom never finishes Mantine's opening transition, so the items count as hidden.
      const menu = await screen.findByRole('menu', { hidden: true });
      return (await within(menu).findAllByRole('menuitem', { hidden: true })).map((item) => item.textContent ?? '');
    }
    async function choose(item: string) {
      await user.click(screen.getByRole('button', { name: `Options for ${TITLE}` }));
      await user.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
    }
    async function fillMaps() {
      const rounds = (await admin.get(`/v1/tournament/${id}`)).body.roundNames as string[];
      for (const round of rounds) {
        const input = await screen.findByRole('textbox', { name: round });
        await user.clear(input);
        await user.click(input);
        await user.paste(`${round} · Hardpoint on Highrise`);
      }
    }
    const serverStatus = async () => (await admin.get(`/v1/tournament/${id}`)).body.status as Status;

    const checkState = async (status: Status) => {
      await showTable();
      const row = screen.getByRole('button', { name: `Options for ${TITLE}` }).closest('tr')!;
      expect(within(row).getByText(status)).toBeTruthy();
      const offered = (await menuItems()).filter((item) => LIFECYCLE_ITEMS.includes(item));
      expect(offered.sort()).toEqual([...OFFERED[status]].sort());
      await user.keyboard('{Escape}');
      expect(await serverStatus()).toBe(status);
    };

    const [path] = createTestModel(tournamentMachine).getPathsFromEvents(WALK.map((type) => ({ type })));
    expect(path.steps).toHaveLength(WALK.length + 1);

    await path.test({
      states: {
        open: () => checkState('OPEN'),
        closed: () => checkState('CLOSED'),
        active: () => checkState('ACTIVE'),
        completed: () => checkState('COMPLETED'),
      },
      events: {
        'tournament.edit': async () => {
          clearNotifications();
          await choose('Edit');
          const dialog = await screen.findByRole('dialog', { name: `Edit ${TITLE}` });
          const host = within(dialog).getByRole('textbox', { name: 'Host' });
          await user.clear(host);
          await user.click(host);
          await user.paste(`Host ${++edits}`);
          await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
          await screen.findByText(SUCCESS.tournamentEdited.title);
          expect((await admin.get(`/v1/tournament/${id}`)).body.host).toBe(`Host ${edits}`);
        },
        'tournament.delete': async (step) => {
          clearNotifications();
          const status = statusOf(step.state.value);
          await choose('Delete');
          const dialog = await screen.findByRole('dialog', { name: 'Delete Tournament' });
          expect(dialog.textContent).toContain(CONFIRM.deleteTournament);
          await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
          await screen.findByText(SUCCESS.tournamentDeleted.title);
          expect((await admin.get(`/v1/tournament/${id}`)).status).toBe(404);
          // Deleting is allowed in every status; the walk goes on with a new tournament in the same status.
          id = await tournamentIn(server, status, TITLE);
        },
        'tournament.close': async () => {
          clearNotifications();
          await choose('Close');
          await screen.findByText(SUCCESS.tournamentClosed.title);
        },
        'tournament.open': async () => {
          clearNotifications();
          await choose('Open');
          await screen.findByText(SUCCESS.tournamentOpened.title);
        },
        'tournament.editMaps': async (step) => {
          clearNotifications();
          if (statusOf(step.state.value) === 'CLOSED') {
            // From CLOSED the maps are edited on the way to starting: the admin can still stop at the confirmation.
            await choose('Start');
            await fillMaps();
            await user.click(screen.getByRole('button', { name: 'Start' }));
            const confirm = await screen.findByRole('dialog', { name: 'Start Tournament' });
            await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
            await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Start Tournament' })).toBeNull());
            return;
          }
          await choose('Maps and Modes');
          const first = await screen.findByRole('textbox', { name: 'Round 1' });
          await user.clear(first);
          await user.click(first);
          await user.paste('Search and Destroy on Rust');
          await user.click(screen.getByRole('button', { name: 'Update' }));
          await screen.findByText(SUCCESS.mapsUpdated.title);
          expect((await admin.get(`/v1/tournament/${id}`)).body.mapsAndModes).toContainEqual({ roundName: 'Round 1', value: 'Search and Destroy on Rust' });
        },
        'tournament.start': async () => {
          clearNotifications();
          await choose('Start');
          await fillMaps();
          await user.click(screen.getByRole('button', { name: 'Start' }));
          await user.click(within(await screen.findByRole('dialog', { name: 'Start Tournament' })).getByRole('button', { name: 'Start' }));
          await screen.findByText(SUCCESS.tournamentStarted.title);
          await waitFor(() => expect(location()).toBe(`/tournaments/${id}`));
          expect(((await admin.get(`/v1/tournament/${id}/match`)).body as unknown[]).length).toBeGreaterThan(0);
        },
        'tournament.complete': async () => {
          // The server completes the tournament when the last decisive match is played (admin results here).
          await playOut(admin, id);
        },
        'tournament.cleanDiscord': async () => {
          clearNotifications();
          await choose('Discord Clean Up');
          const dialog = await screen.findByRole('dialog', { name: 'Discord Clean Up' });
          await user.click(within(dialog).getByRole('button', { name: 'Clean Up' }));
          // No bot is configured in tests: the shared error handler shows the server's 409.
          const alert = await screen.findByRole('alert');
          expect(alert.textContent).toContain(ERRORS.genericTitle);
          expect(alert.textContent).toContain(SERVER.discordNotConfigured);
        },
      },
    });
  }, 600_000);
});
