import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { format } from 'date-fns';
import { startTestServer, type TestServer } from '../support/testServer';
import { VALIDATION } from '../../src/domain/messages';
import { renderApp } from '../support/renderApp';
import { pasteInto } from '../support/pasteInto';

const M = VALIDATION.tournament;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 120_000);
afterAll(() => server?.close());

async function openNewTournament() {
  const app = await renderApp('/admin/tournaments', { server, as: 'AdminAce' });
  await app.user.click(await screen.findByRole('button', { name: 'New Tournament' }));
  const dialog = await screen.findByRole('dialog', { name: 'New Tournament' });
  return { ...app, dialog };
}

/** The popup (calendar or listbox) that `control` opened, found through its aria-controls. */
async function popupOf(control: HTMLElement) {
  return waitFor(() => {
    const popup = document.getElementById(control.getAttribute('aria-controls') ?? '');
    if (!popup) throw new Error(`no popup open for ${control.textContent}`);
    return popup;
  });
}

/** Picks `day` in the calendar of the date input labelled `label` (the calendar opens on the current month). */
async function pickDate(user: UserEvent, dialog: HTMLElement, label: string, day: Date, monthsBack = 0) {
  const control = within(dialog).getByRole('button', { name: label });
  await user.click(control);
  const calendar = await popupOf(control);
  for (let i = 0; i < monthsBack; i++) fireEvent.click(within(calendar).getByRole('button', { name: 'Previous month', hidden: true }));
  fireEvent.click(await within(calendar).findByRole('button', { name: format(day, 'd MMMM yyyy'), hidden: true }));
  await waitFor(() => expect(control.textContent).toBe(format(day, 'dd/MM/yyyy')));
}

/** Picks the first day of the previous month. */
async function pickDayLastMonth(user: UserEvent, dialog: HTMLElement, label: string) {
  const now = new Date();
  await pickDate(user, dialog, label, new Date(now.getFullYear(), now.getMonth() - 1, 1), 1);
}

/** The texts that describe a field (its description and its error message). */
function describedBy(el: HTMLElement) {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** Chooses `option` in the Select labelled `label`. */
async function choose(user: UserEvent, dialog: HTMLElement, label: string, option: string) {
  const control = within(dialog).getByRole('combobox', { name: label });
  await user.click(control);
  fireEvent.click(within(await popupOf(control)).getByRole('option', { name: option, hidden: true }));
}

async function optionsOf(user: UserEvent, dialog: HTMLElement, label: string) {
  const control = within(dialog).getByRole('combobox', { name: label });
  await user.click(control);
  const options = within(await popupOf(control))
    .getAllByRole('option', { hidden: true })
    .map((o) => o.textContent);
  await user.keyboard('{Escape}');
  return options;
}

/** Fills every required field with valid values (type TOURNAMENT unless told otherwise). */
async function fillValidForm(user: UserEvent, dialog: HTMLElement, type: 'TOURNAMENT' | 'SWITCHEROO' = 'TOURNAMENT') {
  const today = new Date();
  await pasteInto(user, within(dialog).getByRole('textbox', { name: 'Title' }), 'Form Test Cup');
  await pasteInto(user, within(dialog).getByRole('textbox', { name: 'Subtitle' }), 'A cup made by the form test');
  await pasteInto(user, within(dialog).getByRole('textbox', { name: 'Description' }), 'Four players, double elimination.');
  await pickDate(user, dialog, 'Start date', today);
  await user.type(within(dialog).getByLabelText(/Start time/), '18:30');
  await pickDate(user, dialog, 'End date', today);
  await pickDate(user, dialog, 'Sign ups close', today);
  await choose(user, dialog, 'Type', type);
  await pasteInto(user, within(dialog).getByRole('textbox', { name: 'Rules' }), 'https://clutch.gg/rules/form-test');
  await pasteInto(user, within(dialog).getByRole('textbox', { name: 'Prize pool info' }), 'Bragging rights');
  await pasteInto(user, within(dialog).getByRole('textbox', { name: 'Host' }), 'AdminAce');
  await choose(user, dialog, 'Game', 'Rocket League');
  await choose(user, dialog, 'Platforms', 'PC');
}

const valueOf = (el: HTMLElement) => (el as HTMLInputElement).value;

const errorOf = (dialog: HTMLElement, message: string) => within(dialog).queryAllByText(message, { exact: true });

describe('the tournament form', { timeout: 90_000 }, () => {
  it('shows every required message of the spec under its field, word for word, on submit', async () => {
    const { user, dialog, requests } = await openNewTournament();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Entry fee' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Tournament' }));

    for (const message of [
      M.title,
      M.subTitle,
      M.description,
      M.entryFee,
      M.startDate,
      M.startTime,
      M.endDate,
      M.signUpClose,
      M.tournamentType,
      M.rules,
      M.prizePoolInfo,
      M.host,
      M.game,
      M.platforms,
    ]) {
      expect(errorOf(dialog, message), message).toHaveLength(1);
    }
    // Each message sits under its own field (wired as the field's description of the error).
    expect(describedBy(within(dialog).getByRole('textbox', { name: 'Title' }))).toContain(M.title);
    expect(describedBy(within(dialog).getByRole('textbox', { name: 'Rules' }))).toContain(M.rules);
    // Required fields carry the red asterisk.
    expect(within(dialog).getByText('Title').querySelector('.mantine-InputWrapper-required')).not.toBeNull();
    expect(requests.some((r) => r.method === 'POST' && r.path === '/v1/tournament')).toBe(false);
  });

  it('asks for the switcheroo type and sign up limit when they are cleared, and for the team limit', async () => {
    const { user, dialog } = await openNewTournament();
    await choose(user, dialog, 'Type', 'SWITCHEROO');
    expect(valueOf(within(dialog).getByRole('combobox', { name: 'Switcheroo type' }))).toBe('SINGLES');
    expect(valueOf(within(dialog).getByRole('combobox', { name: 'Sign up limit' }))).toBe('16');
    expect(within(dialog).queryByRole('combobox', { name: 'Team limit' })).toBeNull();
    expect(await optionsOf(user, dialog, 'Sign up limit')).toEqual(['16', '32', '40']);
    expect(await optionsOf(user, dialog, 'Switcheroo type')).toEqual(['SINGLES', 'DOUBLES']);

    await user.click(within(dialog).getByRole('button', { name: 'Clear switcheroo type' }));
    await user.click(within(dialog).getByRole('button', { name: 'Clear sign up limit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Tournament' }));
    expect(errorOf(dialog, M.switcherooType)).toHaveLength(1);
    expect(errorOf(dialog, M.signUpLimit)).toHaveLength(1);

    await choose(user, dialog, 'Type', 'TOURNAMENT');
    expect(within(dialog).queryByRole('combobox', { name: 'Sign up limit' })).toBeNull();
    expect(valueOf(within(dialog).getByRole('combobox', { name: 'Team limit' }))).toBe('1');
    expect(await optionsOf(user, dialog, 'Team limit')).toEqual(['1', '2', '3', '4']);
    await user.click(within(dialog).getByRole('button', { name: 'Clear team limit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Tournament' }));
    // The spec reuses the sign up limit message for the team limit.
    expect(errorOf(dialog, M.teamLimit)).toHaveLength(1);
  });

  it('refuses a rules link that is not a url', async () => {
    const { user, dialog } = await openNewTournament();
    await pasteInto(user, within(dialog).getByRole('textbox', { name: 'Rules' }), 'see the discord');
    await user.click(within(dialog).getByRole('button', { name: 'Add Tournament' }));
    expect(describedBy(within(dialog).getByRole('textbox', { name: 'Rules' }))).toContain(M.rulesUrl);
    expect(errorOf(dialog, M.rules)).toHaveLength(0);
  });

  it('adds a TOURNAMENT with the limits sent as integers, then lists it', async () => {
    const { user, dialog, lastRequest, agent } = await openNewTournament();
    await fillValidForm(user, dialog, 'TOURNAMENT');
    await choose(user, dialog, 'Team limit', '2');
    await user.click(within(dialog).getByRole('button', { name: 'Add Tournament' }));

    await screen.findByText('Tournament Added');
    const body = lastRequest('POST', '/v1/tournament')!.body as Record<string, unknown>;
    expect(body.teamLimit).toBe(2);
    expect(Number.isInteger(body.teamLimit)).toBe(true);
    expect(body).toMatchObject({ tournamentType: 'TOURNAMENT', entryFee: 0, startTime: '18:30', game: 'ROCKETLEAGUE', platforms: ['PC'] });
    expect(body).not.toHaveProperty('signUpLimit');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Tournament' })).toBeNull());

    const list = await agent.get('/v1/tournament?search=Form%20Test%20Cup');
    expect(list.body.results[0]).toMatchObject({ title: 'Form Test Cup', teamLimit: 2, status: 'OPEN' });
  });

  it('adds a SWITCHEROO with the default SINGLES and sign up limit 16 sent as an integer', async () => {
    const { user, dialog, lastRequest } = await openNewTournament();
    await fillValidForm(user, dialog, 'SWITCHEROO');
    await choose(user, dialog, 'Sign up limit', '32');
    await user.click(within(dialog).getByRole('button', { name: 'Add Tournament' }));

    await screen.findByText('Tournament Added');
    const body = lastRequest('POST', '/v1/tournament')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ tournamentType: 'SWITCHEROO', switcherooType: 'SINGLES', signUpLimit: 32 });
    expect(Number.isInteger(body.signUpLimit)).toBe(true);
    expect(body).not.toHaveProperty('teamLimit');
  });

  it('edits a tournament: create-only fields are locked and the change is saved', async () => {
    const { user, lastRequest } = await renderApp('/admin/tournaments', { server, as: 'AdminAce' });
    await pasteInto(user, await screen.findByRole('searchbox', { name: 'Search Tournaments' }), 'Winter Major');
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Options for/ })).toHaveLength(1), { timeout: 5000 });
    await user.click(await screen.findByRole('button', { name: 'Options for Winter Major' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Winter Major' });
    expect((within(dialog).getByRole('textbox', { name: /Entry fee/ }) as HTMLInputElement).disabled).toBe(true);
    expect((within(dialog).getByRole('combobox', { name: /^Type/ }) as HTMLInputElement).disabled).toBe(true);
    const host = within(dialog).getByRole('textbox', { name: 'Host' });
    await user.clear(host);
    await user.type(host, 'AdminNova');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await screen.findByText('Tournament Edited');
    const patch = lastRequest('PATCH', /^\/v1\/tournament\/\d+$/)!;
    expect(patch.body).toMatchObject({ host: 'AdminNova' });
    expect(patch.body).not.toHaveProperty('entryFee');
    expect(patch.body).not.toHaveProperty('tournamentType');
  });

  it('shows the server refusal through the shared error handler and keeps the dialog open', async () => {
    const { user, dialog } = await openNewTournament();
    await fillValidForm(user, dialog, 'TOURNAMENT');
    // An end date before the start date passes the form but not the server.
    await pickDayLastMonth(user, dialog, 'End date');
    await user.click(within(dialog).getByRole('button', { name: 'Add Tournament' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('An error occurred');
    expect(alert.textContent).toContain('The end date must be on or after the start date');
    expect(screen.getByRole('dialog', { name: 'New Tournament' })).toBeTruthy();
  });
});
