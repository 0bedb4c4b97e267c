import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import type { UserEvent } from '@testing-library/user-event';
import { startTestServer, type Agent, type TestServer } from '../support/testServer';
import { JOIN_SEASON_TOOLTIPS, SUCCESS, VALIDATION } from '../../src/domain/messages';
import { teams } from '../../server/db/schema';
import { insertUser } from '../support/fixtures';
import { renderApp } from '../support/renderApp';
import { createSeason, demoCaptains, joinAndPay, seasonIn } from './seasonsFixtures';

configure({ asyncUtilTimeout: 8000 });
const DAY = 86_400_000;
let server: TestServer;
let admin: Agent;

beforeAll(async () => {
  server = await startTestServer({ seed: true });
  admin = await server.agent().signIn('AdminAce');
}, 120_000);
afterAll(() => server?.close());

/** The card of the season named `name` on /seasons (paging forward until it shows). */
async function card(user: UserEvent, name: string) {
  // The first page of cards, once loaded.
  await screen.findAllByRole('article');
  for (;;) {
    const found = screen.queryByRole('article', { name });
    if (found) return found;
    const next = screen.queryByRole('button', { name: /next page/i });
    if (!next || next.hasAttribute('disabled')) return screen.findByRole('article', { name });
    await user.click(next);
  }
}

/** The tooltip of the disabled Join Season button in `container`. */
async function joinTooltip(user: UserEvent, container: HTMLElement) {
  const button = within(container).getByRole('button', { name: 'Join Season' });
  expect(button.hasAttribute('disabled')).toBe(true);
  await user.hover(button.parentElement!);
  return (await screen.findByRole('tooltip', { hidden: true })).textContent;
}

async function playerNotCaptain(): Promise<string> {
  const res = await server.agent().get('/v1/user?perPage=100');
  return (res.body.results as { discordName: string; teamRole: string | null; role: string }[]).find((u) => u.teamRole === 'PLAYER' && u.role === 'USER')!.discordName;
}

/** A captain alone in a new team (the seed gives every team several members). */
async function loneCaptain(): Promise<string> {
  const [team] = await server.database.db.insert(teams).values({ name: 'Solo Act' }).returning();
  return (await insertUser(server.database.db, { teamId: team.id, teamRole: 'CAPTAIN' })).discordName;
}

async function playerWithoutTeam(): Promise<string> {
  const res = await server.agent().get('/v1/user?perPage=100');
  return (res.body.results as { discordName: string; teamId: number | null; role: string }[]).find((u) => u.teamId === null && u.role === 'USER')!.discordName;
}

describe('/seasons', () => {
  it('is reached from the LEAGUE page', async () => {
    const { user, path } = await renderApp('/league', { server });
    await user.click(screen.getByRole('link', { name: 'Seasons' }));
    expect(path()).toBe('/seasons');
    expect(await screen.findByRole('heading', { name: 'Seasons' })).toBeTruthy();
  });

  it('shows paged season cards, the page size taken from the server', async () => {
    for (let i = 1; i <= 11; i++) await createSeason(admin, `Paged Season ${i}`);
    const { pageSize, total } = (await server.agent().get('/v1/season?pageNo=1')).body as { pageSize: number; total: number };
    const { user } = await renderApp('/seasons', { server });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(pageSize));
    const first = screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
    await user.click(screen.getByRole('button', { name: `Page ${Math.ceil(total / pageSize)}` }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(total - pageSize * (Math.ceil(total / pageSize) - 1)));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).not.toContain(first[0]);
  });

  it('gives a guest the login tooltip and no Teams button; staff get Teams', async () => {
    await createSeason(admin, 'Guest View Season');
    const guest = await renderApp('/seasons', { server });
    const open = await card(guest.user, 'Guest View Season');
    expect(await joinTooltip(guest.user, open)).toBe(JOIN_SEASON_TOOLTIPS.login);
    expect(within(open).queryByRole('link', { name: 'Teams' })).toBeNull();

    const staff = await renderApp('/seasons', { server, as: 'AdminAce' });
    await staff.user.click(within(await card(staff.user, 'Guest View Season')).getByRole('link', { name: 'Teams' }));
    expect(staff.path()).toMatch(/^\/seasons\/\d+\/teams$/);
  });

  it('explains every refusal word for word in the disabled button’s tooltip', async () => {
    await createSeason(admin, 'Too Late Season', { startDate: Date.now() + 2 * DAY });
    await createSeason(admin, 'Tooltip Season');
    const cases: [string, string, string][] = [
      ['Too Late Season', (await demoCaptains(server, 1, 20))[0].discordName, JOIN_SEASON_TOOLTIPS.closed],
      ['Tooltip Season', await playerWithoutTeam(), JOIN_SEASON_TOOLTIPS.noTeam],
      ['Tooltip Season', await playerNotCaptain(), JOIN_SEASON_TOOLTIPS.notCaptain],
      ['Tooltip Season', await loneCaptain(), JOIN_SEASON_TOOLTIPS.noMembers],
    ];
    for (const [season, who, tooltip] of cases) {
      const { user } = await renderApp('/seasons', { server, as: who });
      expect(await joinTooltip(user, await card(user, season)), who).toBe(tooltip);
    }
  });

  it('lets a captain join: the terms box first, then the payment, then the team is in the season', async () => {
    const id = await createSeason(admin, 'Joinable Season');
    const [captain] = await demoCaptains(server, 1, 0);
    const { user } = await renderApp('/seasons', { server, as: captain.discordName });
    await user.click(within(await card(user, 'Joinable Season')).getByRole('button', { name: 'Join Season' }));
    const dialog = await screen.findByRole('dialog', { name: 'Join Joinable Season' });
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));
    expect(within(dialog).getByText(VALIDATION.terms)).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: /terms and conditions/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Join' }));

    const payment = await screen.findByRole('dialog', { name: /Entry: Joinable Season|Payment/ });
    await user.type(await within(payment).findByRole('textbox', { name: /card number/i }), '4242 4242 4242 4242');
    await user.click(within(payment).getByRole('button', { name: /^Pay/ }));
    expect(await screen.findByText(SUCCESS.paymentReceived.title)).toBeTruthy();
    expect(await screen.findByText(SUCCESS.paymentProcessing.title)).toBeTruthy();

    await waitFor(async () => expect((await server.agent().get(`/v1/season/${id}`)).body.joinedTeamsCount).toBe(1));
    const again = await renderApp('/seasons', { server, as: captain.discordName });
    expect(await joinTooltip(again.user, await card(again.user, 'Joinable Season'))).toBe(JOIN_SEASON_TOOLTIPS.alreadyIn);
  });

  it('counts the teams in the number the count needs: "1 team", "0 teams"', async () => {
    const one = await createSeason(admin, 'One Team Season');
    await createSeason(admin, 'No Team Season');
    await joinAndPay(server, one, (await demoCaptains(server, 1, 3))[0]);
    const { user } = await renderApp('/seasons', { server });
    expect(within(await card(user, 'One Team Season')).getByText(/· 1 team$/)).toBeTruthy();
    expect(within(await card(user, 'No Team Season')).getByText(/· 0 teams$/)).toBeTruthy();
    await renderApp(`/seasons/${one}`, { server });
    expect(await screen.findByText(/Entry fee €20\.00 · 1 team$/)).toBeTruthy();
  });
});

describe('/seasons/{id}', () => {
  it('shows an OPEN season with Join Season and its division table, which says what comes next while it is empty', async () => {
    const id = await createSeason(admin, 'Open Page Season');
    const { startDate } = (await server.agent().get(`/v1/season/${id}`)).body as { startDate: number };
    await renderApp(`/seasons/${id}`, { server });
    expect(await screen.findByRole('heading', { name: 'Open Page Season' })).toBeTruthy();
    expect(screen.getByText(/OPEN · Starts \d\d\/\d\d\/\d{4} · 9 weeks · Entry fee €20\.00 · 0 teams/)).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Join Season' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Divisions' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['DIVISION', 'TEAMS', '']);
    expect(within(table).getByRole('status').textContent).toBe('No divisions yet');
    const day = (ms: number) => format(ms, 'dd/MM/yyyy');
    expect(
      screen.getByText(
        `Teams can join until ${day(startDate - 3 * DAY)}. Then signups close and the 0 teams entered are split into divisions, each with a Group A and a Group B; the group stages start on ${day(startDate)}. The divisions appear here as soon as they are set.`,
      ),
    ).toBeTruthy();
  });

  it('previews a CLOSED season’s divisions for staff, and starts its group stages from there', async () => {
    const id = await seasonIn(server, admin, 'CLOSED', 'Preview Season', 4, 12);
    await admin.patch(`/v1/season/${id}/division-splits`, { divisionSplits: [2, 2] });
    const { user, path } = await renderApp(`/seasons/${id}`, { server, as: 'AdminAce' });
    expect(await screen.findByRole('region', { name: 'Division 1' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Division 2' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start Group Stages' }));
    expect(await screen.findByText(SUCCESS.groupStagesStarted.title)).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/admin/seasons'));
    expect((await admin.get(`/v1/season/${id}`)).body.seasonType).toBe('GROUP_STAGES');
  });

  async function groupsSeason() {
    const id = await seasonIn(server, admin, 'GROUP_STAGES', `Groups Page Season ${Math.random().toString(36).slice(2, 6)}`, 8, 2);
    const season = (await server.agent().get(`/v1/season/${id}`)).body as {
      divisions: { name: string; groups: { name: string; teams: { name: string; averageKR: number; users: { id: number }[] }[] }[] }[];
    };
    const division = season.divisions[0];
    return { id, division, group: division.groups[0] };
  }

  it('shows a season in its group stages as divisions and groups with each team’s record and average KR', async () => {
    const { id, division, group } = await groupsSeason();
    const { user, path } = await renderApp(`/seasons/${id}`, { server });
    const table = await screen.findByRole('table', { name: `${division.name} ${group.name}` });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['TEAM', 'W-L', 'AVG KR']);
    for (const team of group.teams) {
      const cells = within(within(table).getByText(team.name).closest('tr')!).getAllByRole('cell').map((c) => c.textContent);
      expect(cells).toEqual([team.name, '0-0', String(Math.round(team.averageKR))]);
    }
    // Players cannot edit: the team names are not buttons for them.
    expect(within(table).queryByRole('button')).toBeNull();
    await user.click(within(screen.getByRole('region', { name: division.name })).getByRole('link', { name: 'View Division' }));
    expect(path()).toMatch(new RegExp(`^/seasons/${id}/\\d+$`));
  });

  it('lets staff click a team and set a member’s KR', async () => {
    const { id, division, group } = await groupsSeason();
    const { user } = await renderApp(`/seasons/${id}`, { server, as: 'AdminAce' });
    const table = await screen.findByRole('table', { name: `${division.name} ${group.name}` });
    const team = group.teams[0];
    await user.click(within(table).getByRole('button', { name: team.name }));
    const dialog = await screen.findByRole('dialog', { name: `Edit KR: ${team.name}` });
    const kr = within(dialog).getByRole('textbox', { name: 'KR' });
    await user.clear(kr);
    await user.type(kr, '4321');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('KR Updated')).toBeTruthy();
    expect((await server.agent().get(`/v1/user/${team.users[0].id}`)).body.katanaRank).toBe(4321);
  });
});
