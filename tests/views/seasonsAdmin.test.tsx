import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { startTestServer, type Agent, type TestServer } from '../support/testServer';
import { CONFIRM, SEASON_ERRORS, SUCCESS, VALIDATION } from '../../src/domain/messages';
import { DUE_DATES, dueDateMessage } from '../../src/features/admin/seasons/seasonForm';
import { renderApp } from '../support/renderApp';
import { createSeason, demoCaptains, joinAndPay, seasonIn } from './seasonsFixtures';
import { pasteInto } from '../support/pasteInto';

configure({ asyncUtilTimeout: 5000 });
const M = VALIDATION.season;
let server: TestServer;
let admin: Agent;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await server.agent().signIn('AdminAce');
}, 120_000);
afterAll(() => server?.close());

async function openSeasons(search?: string) {
  const app = await renderApp('/admin/seasons', { server, as: 'AdminAce' });
  if (search) {
    await pasteInto(app.user, await screen.findByRole('searchbox', { name: 'Search Seasons' }), search);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Options for / })).toHaveLength(1));
  }
  return app;
}

async function menuItems(user: UserEvent, name: string) {
  await user.click(await screen.findByRole('button', { name: `Options for ${name}` }));
  // jsdom never finishes Mantine's opening transition, so the items count as hidden.
  const menu = await screen.findByRole('menu', { hidden: true });
  const items = (await within(menu).findAllByRole('menuitem', { hidden: true })).map((i) => i.textContent ?? '');
  await user.keyboard('{Escape}');
  return items;
}

async function choose(user: UserEvent, name: string, item: string) {
  await user.click(await screen.findByRole('button', { name: `Options for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
}

async function typeDate(user: UserEvent, dialog: HTMLElement, label: string, day: Date) {
  const input = within(dialog).getByRole('textbox', { name: label });
  await user.clear(input);
  await user.click(input);
  await user.paste(format(day, 'dd/MM/yyyy'));
  // Leaving the field sets the typed date (Escape would close the whole dialog).
  await user.tab();
}

describe('/admin/seasons', () => {
  it('refuses an empty New Season dialog with the spec’s message under every field, each marked with a red asterisk', async () => {
    const { user } = await openSeasons();
    await user.click(await screen.findByRole('button', { name: 'New Season' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Season' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Season' }));

    for (const message of [M.name, M.startDate, M.playoffWeeks, M.entryFee, M.prizePoolInfo, M.seasonInfo, ...DUE_DATES.map((d) => dueDateMessage(d.label))]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    for (const label of ['Name', 'Start Date', 'Group Stage Weeks', 'Entry Fee', 'Prize Pool Info', 'Season Info', ...DUE_DATES.map((d) => d.label)]) {
      expect(within(dialog).getByText(label).closest('label')?.textContent).toContain('*');
    }
    expect(within(dialog).getByRole('checkbox', { name: 'Published' })).toBeTruthy();
  });

  it('adds a season, answered Season Added and listed with its weeks, € fee, start date, state and teams', async () => {
    const { user } = await openSeasons();
    await user.click(await screen.findByRole('button', { name: 'New Season' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Season' });
    const start = addDays(new Date(), 20);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Dialog Season');
    await typeDate(user, dialog, 'Start Date', start);
    await user.type(within(dialog).getByRole('textbox', { name: 'Group Stage Weeks' }), '5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Entry Fee' }), '25');
    await user.type(within(dialog).getByRole('textbox', { name: 'Prize Pool Info' }), '€2,000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Season Info' }), 'Five weeks of groups, then playoffs.');
    // A due date before the start is refused beyond the spec (docs/decisions.md).
    await typeDate(user, dialog, 'Round 1 Due By', addDays(start, -1));
    await user.click(within(dialog).getByRole('button', { name: 'Add Season' }));
    expect(await within(dialog).findByText(SEASON_ERRORS.dueBeforeStart)).toBeTruthy();
    for (const [i, { label }] of DUE_DATES.entries()) await typeDate(user, dialog, label, addDays(start, 35 + i * 2));
    await user.click(within(dialog).getByRole('button', { name: 'Add Season' }));

    expect(await screen.findByText(SUCCESS.seasonAdded.title)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Season' })).toBeNull());
    const row = (await screen.findByRole('link', { name: 'Dialog Season' })).closest('tr')!;
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    // 35 + 7×2 = 49 days to the grand final: 7 whole weeks.
    expect(cells.slice(1, 6)).toEqual(['7', '€25.00', format(start, 'dd/MM/yyyy'), 'OPEN', '0']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['NAME', 'WEEKS', 'FEE', 'START DATE', 'STATE', 'TEAMS', 'OPTIONS']);
  });

  it('edits a season (Season Edited) and deletes one after warning about its Discord channels and roles (Season Deleted)', async () => {
    await createSeason(admin, 'Doomed Season');
    const { user } = await openSeasons('Doomed Season');
    await choose(user, 'Doomed Season', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit Doomed Season' });
    const prize = within(dialog).getByRole('textbox', { name: 'Prize Pool Info' });
    await user.clear(prize);
    await user.type(prize, 'Bragging rights');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(SUCCESS.seasonEdited.title)).toBeTruthy();

    await choose(user, 'Doomed Season', 'Delete');
    const confirm = await screen.findByRole('dialog', { name: 'Delete Season' });
    expect(confirm.textContent).toContain(CONFIRM.deleteSeason);
    expect(confirm.textContent).toMatch(/Discord chat channels and roles/);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SUCCESS.seasonDeleted.title)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Options for Doomed Season' })).toBeNull());
  });

  it('closes signups after confirmation, then offers the CLOSED actions', async () => {
    await createSeason(admin, 'Closing Season');
    const { user } = await openSeasons('Closing Season');
    expect(await menuItems(user, 'Closing Season')).toEqual(['Close Signups', 'Edit', 'Delete']);
    await choose(user, 'Closing Season', 'Close Signups');
    await user.click(within(await screen.findByRole('dialog', { name: 'Close Signups' })).getByRole('button', { name: 'Close Signups' }));
    expect(await screen.findByText(SUCCESS.signupsClosed.title)).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('button', { name: 'Options for Closing Season' }).closest('tr')!).getByText('CLOSED')).toBeTruthy());
    // No teams: nothing to split, so neither the splits nor the group stages are offered.
    expect(await menuItems(user, 'Closing Season')).toEqual(['View Season Preview', 'Reopen Signups', 'Edit', 'Delete']);
  });

  it('splits the teams: Remaining Teams counts down, Save only at 0, zeros dropped; then Start Group Stages is offered', async () => {
    const id = await seasonIn(server, admin, 'CLOSED', 'Split Season', 6, 0);
    const { user } = await openSeasons('Split Season');
    await choose(user, 'Split Season', 'Division Splits');
    const dialog = await screen.findByRole('dialog', { name: 'Division Splits: Split Season' });
    expect(within(dialog).getByText('Remaining Teams: 0')).toBeTruthy();
    const first = within(dialog).getByRole('textbox', { name: 'Division 1' });
    await user.clear(first);
    await user.type(first, '4');
    expect(within(dialog).getByText('Remaining Teams: 2')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Add Division' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Division' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Division 3' }), '2');
    expect(within(dialog).getByText('Remaining Teams: 0')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Division Splits/ })).toBeNull());
    expect((await admin.get(`/v1/season/${id}`)).body.divisionSplits).toEqual([4, 2]);
    await waitFor(async () => expect(await menuItems(user, 'Split Season')).toContain('Start Group Stages'));
  });

  it('opens the season preview from View Season Preview', async () => {
    const id = await seasonIn(server, admin, 'CLOSED', 'Previewed Season', 4, 14);
    const { user, path } = await openSeasons('Previewed Season');
    await choose(user, 'Previewed Season', 'View Season Preview');
    await waitFor(() => expect(path()).toBe(`/seasons/${id}`));
    expect(await screen.findByRole('heading', { name: 'Previewed Season' })).toBeTruthy();
  });

  it('words Double Elim Started and Group Stages Reset right for a name that already says Season, and for one that does not', async () => {
    const named = 'Season 9: Frost League';
    await seasonIn(server, admin, 'GROUP_STAGES', named, 4, 6);
    const { user } = await openSeasons(named);
    await choose(user, named, 'Start Playoffs');
    await user.click(within(await screen.findByRole('dialog', { name: 'Start Playoffs' })).getByRole('button', { name: 'Start Playoffs' }));
    expect(await screen.findByText('Season 9: Frost League is now in the playoff stage')).toBeTruthy();
    await choose(user, named, 'Reset to Group Stages');
    await user.click(within(await screen.findByRole('dialog', { name: 'Reset to Group Stages' })).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Season 9: Frost League has reverted back to the group stages')).toBeTruthy();
    await choose(user, named, 'Reset to Closed');
    await user.click(within(await screen.findByRole('dialog', { name: 'Reset to Closed' })).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Season 9: Frost League has reverted back to CLOSED state')).toBeTruthy();
    expect(screen.queryByText(/Season Season/)).toBeNull();

    const plain = 'Harvest Cup';
    await seasonIn(server, admin, 'GROUP_STAGES', plain, 4, 10);
    const second = await openSeasons(plain);
    await choose(second.user, plain, 'Start Playoffs');
    await second.user.click(within(await screen.findByRole('dialog', { name: 'Start Playoffs' })).getByRole('button', { name: 'Start Playoffs' }));
    expect(await screen.findByText('Season Harvest Cup is now in the playoff stage')).toBeTruthy();
  });
});

describe('/seasons/{id}/teams', () => {
  it('lists the teams for staff; Refund Entry answers Refund Processing and Remove from Season Team Removed', async () => {
    const id = await createSeason(admin, 'Teams Page Season');
    const [a, b] = await demoCaptains(server, 2, 10);
    await joinAndPay(server, id, a);
    await joinAndPay(server, id, b);
    const { user, path } = await renderApp(`/seasons/${id}/teams`, { server, as: 'AdminAce' });
    expect(await screen.findAllByRole('button', { name: /^Options for / })).toHaveLength(2);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['NAME', 'WINS', 'LOSSES', 'TROPHIES', '', 'OPTIONS']);
    const rows = screen.getAllByRole('button', { name: /^Options for / }).map((b) => b.getAttribute('aria-label')!.replace('Options for ', ''));

    await user.click(screen.getByRole('button', { name: `Options for ${rows[0]}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Refund Entry', hidden: true }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Refund Entry' })).getByRole('button', { name: 'Refund Entry' }));
    expect(await screen.findByText(SUCCESS.refundProcessing.title)).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: `Options for ${rows[1]}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove from Season', hidden: true }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove from Season' })).getByRole('button', { name: 'Remove from Season' }));
    expect(await screen.findByText(SUCCESS.teamRemoved.title)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: `Options for ${rows[1]}` })).toBeNull());

    await user.click(screen.getByRole('link', { name: `View ${rows[0]}` }));
    expect(path()).toMatch(/^\/teams\/\d+$/);
  });

  it('no longer offers Refund Entry once the entry is refunded', async () => {
    const id = await createSeason(admin, 'Refunded Entry Season');
    const [captain] = await demoCaptains(server, 1, 16);
    await joinAndPay(server, id, captain);
    const { user } = await renderApp(`/seasons/${id}/teams`, { server, as: 'AdminAce' });
    const options = await screen.findByRole('button', { name: /^Options for / });
    await user.click(options);
    await user.click(await screen.findByRole('menuitem', { name: 'Refund Entry', hidden: true }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Refund Entry' })).getByRole('button', { name: 'Refund Entry' }));
    expect(await screen.findByText(SUCCESS.refundProcessing.title)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund Entry' })).toBeNull());

    await user.click(screen.getByRole('button', { name: /^Options for / }));
    expect(await screen.findByRole('menuitem', { name: 'Remove from Season', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Refund Entry', hidden: true })).toBeNull();
  });

  it('sends a player away from the staff teams page', async () => {
    const id = await createSeason(admin, 'Guarded Season');
    const [captain] = await demoCaptains(server, 1, 12);
    const { path } = await renderApp(`/seasons/${id}/teams`, { server, as: captain.discordName });
    await waitFor(() => expect(path()).toBe('/'));
  });
});
