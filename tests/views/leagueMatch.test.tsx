import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { startTestServer, type Agent, type TestServer } from '../support/testServer';
import { SEASON_MATCH_ERRORS } from '../../src/domain/messages';
import { seasonInGroupStages } from '../server/seasonMatches.fixtures';
import { renderApp } from '../support/renderApp';
import { insertUser } from '../support/fixtures';

configure({ asyncUtilTimeout: 8000 });
let server: TestServer;
let admin: Agent;
const ADMIN = 'LeagueAdmin';

beforeAll(async () => {
  server = await startTestServer();
  await insertUser(server.database.db, { discordName: ADMIN, role: 'ADMIN' });
  admin = await server.agent().signIn(ADMIN);
}, 120_000);
afterAll(() => server?.close());

const side = (s: 'A' | 'B') => screen.getByRole('region', { name: new RegExp(`^Entry ${s}`) });
const notifications = () => within(screen.getByRole('region', { name: 'Notifications' }));

/** SUBMIT SCORE, both scores, Continue, the same scores again in the dialog. */
async function report(user: UserEvent, names: [string, string], scores: [string, string], again = scores) {
  await user.click(await screen.findByRole('button', { name: 'SUBMIT SCORE' }));
  await user.type(screen.getByRole('textbox', { name: `Score for ${names[0]}` }), scores[0]);
  await user.type(screen.getByRole('textbox', { name: `Score for ${names[1]}` }), scores[1]);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm the score' });
  await user.type(within(dialog).getByRole('textbox', { name: `Confirm score for ${names[0]}` }), again[0]);
  await user.type(within(dialog).getByRole('textbox', { name: `Confirm score for ${names[1]}` }), again[1]);
  await user.click(within(dialog).getByRole('button', { name: 'Confirm score' }));
}

describe('league match page /match/{id}', () => {
  it('captain A reports 3–1 twice, captain B the same: the match is decided and the group standings move', async () => {
    const season = await seasonInGroupStages(server, admin, 4);
    const [match] = await season.groupMatches();
    const teamA = season.entered.find((t) => t.team.id === match.teamAId)!;
    const teamB = season.entered.find((t) => t.team.id === match.teamBId)!;
    const names: [string, string] = [teamA.team.name, teamB.team.name];

    const a = await renderApp(`/match/${match.id}`, { server, as: teamA.captain.discordName });
    expect((await screen.findByRole('link', { name: await seasonName(season.id) })).getAttribute('href')).toBe(`/seasons/${season.id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Group Stage' })).toBeTruthy();
    expect(within(side('A')).getByRole('link', { name: names[0] }).getAttribute('href')).toBe(`/teams/${teamA.team.id}`);
    // A confirmation that differs is refused and nothing is sent.
    await report(a.user, names, ['3', '1'], ['2', '1']);
    expect(await notifications().findByText('Scores must match')).toBeTruthy();
    expect(within(side('A')).getByText('not reported yet')).toBeTruthy();
    await a.user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the score' });
    await a.user.type(within(dialog).getByRole('textbox', { name: `Confirm score for ${names[0]}` }), '3');
    await a.user.type(within(dialog).getByRole('textbox', { name: `Confirm score for ${names[1]}` }), '1{Enter}');
    expect(await notifications().findByText('Score was submitted successfully')).toBeTruthy();
    expect(await within(side('A')).findByText(`reported ${names[0]} 3 – 1 ${names[1]}`)).toBeTruthy();
    expect(screen.getByText('Your side has already reported a score')).toBeTruthy();

    const b = await renderApp(`/match/${match.id}`, { server, as: teamB.captain.discordName });
    await report(b.user, names, ['3', '1']);
    expect(await notifications().findByText('Score was submitted successfully')).toBeTruthy();
    await waitFor(() => expect(side('A').getAttribute('aria-label')).toBe('Entry A (winner)'));
    expect(side('B').getAttribute('aria-label')).toBe('Entry B (loser)');
    expect(within(side('A')).getByLabelText('Score of entry A').textContent).toBe('3');
    expect(within(side('B')).getByLabelText('Score of entry B').textContent).toBe('1');

    // The division page: the winner tops its group with one win.
    await renderApp(`/seasons/${season.id}/${match.divisionId}`, { server });
    const group = await screen.findByRole('region', { name: match.groupId === (await groupAId(season.id)) ? 'Group A' : 'Group B' });
    const rows = within(within(group).getByRole('table', { name: /standings$/ })).getAllByRole('row');
    expect(within(rows[1]).getByRole('link', { name: names[0] })).toBeTruthy();
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', names[0], '1', '0']);
    // The decided match has left the group's upcoming matches; all of them are one link away.
    const upcoming = within(group).getByRole('table', { name: /upcoming matches$/ });
    expect(within(upcoming).queryByRole('link', { name: `View ${names[0]} vs ${names[1]}` })).toBeNull();
    expect(within(group).getByRole('link', { name: 'View All Group Matches' }).getAttribute('href')).toBe(`/group/${match.groupId}`);
  });

  it('a member who is not the captain reads why they cannot report', async () => {
    const season = await seasonInGroupStages(server, admin, 4);
    const [match] = await season.groupMatches();
    const member = season.entered.find((t) => t.team.id === match.teamAId)!.members[0];
    await renderApp(`/match/${match.id}`, { server, as: member.discordName });
    expect(await screen.findByText(SEASON_MATCH_ERRORS.notCaptain)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'SUBMIT SCORE' })).toBeNull();
  });

  it('different reports make a dispute an admin settles from Match Disputes (Season matches table)', async () => {
    const season = await seasonInGroupStages(server, admin, 4);
    const [match] = await season.groupMatches();
    const captainA = season.captainOf(match.teamAId!);
    const captainB = season.captainOf(match.teamBId!);
    expect((await captainA.post(`/v1/match/${match.id}`, { entryAScore: 3, entryBScore: 1 })).status).toBe(200);
    expect((await captainB.post(`/v1/match/${match.id}`, { entryAScore: 1, entryBScore: 3 })).status).toBe(200);
    const teamA = season.entered.find((t) => t.team.id === match.teamAId)!.team.name;
    const teamB = season.entered.find((t) => t.team.id === match.teamBId)!.team.name;

    const { user, path } = await renderApp('/admin/disputes', { server, as: ADMIN });
    const seasons = await screen.findByRole('region', { name: 'Season matches' });
    const view = await within(seasons).findByRole('link', { name: `View ${teamA} vs ${teamB} (${await seasonName(season.id)})` });
    // The Season matches table comes before the tournament one.
    const tournaments = screen.getByRole('region', { name: 'Tournament matches' });
    expect(seasons.compareDocumentPosition(tournaments) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(view);
    expect(path()).toBe(`/match/${match.id}`);
    expect(await screen.findByText('DISPUTE')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'OVERWRITE SCORE (ADMIN)' }));
    await user.type(screen.getByRole('textbox', { name: `Score for ${teamA}` }), '3');
    await user.type(screen.getByRole('textbox', { name: `Score for ${teamB}` }), '1');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The question under OVERWRITE speaks of overwriting, like its button.
    const confirm = await screen.findByRole('dialog', { name: 'OVERWRITE SCORE (ADMIN)' });
    expect(
      within(confirm).getByText(`Overwrite the disputed scores of this match with ${teamA} 3 – 1 ${teamB}? Both reports stay on record. The group standings take the result.`),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Overwrite score' }));
    expect(await notifications().findByText('Score was submitted successfully')).toBeTruthy();
    await waitFor(() => expect(side('A').getAttribute('aria-label')).toBe('Entry A (winner)'));
    expect(screen.queryByText('DISPUTE')).toBeNull();
    // Each side's report as reported, and the staff result apart: B's disputed report is not erased.
    expect(within(side('A')).getByText(`reported ${teamA} 3 – 1 ${teamB}`)).toBeTruthy();
    expect(within(side('B')).getByText(`reported ${teamA} 1 – 3 ${teamB}`)).toBeTruthy();
    expect(screen.getByText(`Result set by staff: ${teamA} 3 – 1 ${teamB}`)).toBeTruthy();
    expect(within(side('A')).getByLabelText('Score of entry A').textContent).toBe('3');
    expect(within(side('B')).getByLabelText('Score of entry B').textContent).toBe('1');
  });

  it('a result both captains agreed reads as their reports, with no staff result', async () => {
    const season = await seasonInGroupStages(server, admin, 4);
    const [match] = await season.groupMatches();
    for (const teamId of [match.teamAId!, match.teamBId!]) {
      expect((await season.captainOf(teamId).post(`/v1/match/${match.id}`, { entryAScore: 2, entryBScore: 3 })).status).toBe(200);
    }
    const teamA = season.entered.find((t) => t.team.id === match.teamAId)!.team.name;
    const teamB = season.entered.find((t) => t.team.id === match.teamBId)!.team.name;
    await renderApp(`/match/${match.id}`, { server });
    await waitFor(() => expect(side('B').getAttribute('aria-label')).toBe('Entry B (winner)'));
    expect(within(side('A')).getByText(`reported ${teamA} 2 – 3 ${teamB}`)).toBeTruthy();
    expect(within(side('B')).getByText(`reported ${teamA} 2 – 3 ${teamB}`)).toBeTruthy();
    expect(screen.queryByText(/^Result set by staff/)).toBeNull();
  });
});

describe('group matches and admin tools', () => {
  it('/group/{id} lists Completed and Pending matches; Incomplete marks each side', async () => {
    const season = await seasonInGroupStages(server, admin, 6);
    const all = await season.groupMatches();
    const [first, second] = all.filter((m) => m.groupId === all[0].groupId);
    for (const [match, teamId, body] of [
      [first, first.teamAId!, { entryAScore: 3, entryBScore: 0 }],
      [first, first.teamBId!, { entryAScore: 3, entryBScore: 0 }],
      [second, second.teamAId!, { entryAScore: 3, entryBScore: 2 }],
    ] as const) {
      const res = await season.captainOf(teamId).post(`/v1/match/${match.id}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await renderApp(`/group/${first.groupId}`, { server });
    const completed = await screen.findByRole('table', { name: 'Completed' });
    expect(within(completed).getAllByRole('row')).toHaveLength(2);
    expect(within(completed).getByText('3 : 0')).toBeTruthy();
    const pending = screen.getByRole('table', { name: 'Pending' });
    expect(within(pending).getAllByRole('link', { name: /^View / }).length).toBeGreaterThan(0);

    await renderApp('/admin/incomplete', { server, as: ADMIN });
    const seasons = await screen.findByRole('region', { name: 'Season matches' });
    await within(seasons).findByText('(submitted)');
    expect(within(seasons).getAllByText('(pending)').length).toBeGreaterThan(0);
  });

  it('/admin/test-elo asks for the required fields and shows the calculated ranks beside the existing ones', async () => {
    const { user } = await renderApp('/admin/test-elo', { server, as: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Calculate' }));
    expect(screen.getAllByText('This is required')).toHaveLength(4);
    await user.type(screen.getByRole('textbox', { name: 'Team A score' }), '3');
    await user.type(screen.getByRole('textbox', { name: 'Team B score' }), '0');
    await user.type(screen.getByRole('textbox', { name: 'Team A rank 1' }), '1500');
    await user.type(screen.getByRole('textbox', { name: 'Team A rank 2' }), 'abc');
    await user.type(screen.getByRole('textbox', { name: 'Team B rank 1' }), '1500');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    const winner = await screen.findByLabelText('Calculated rank 1 of team A');
    await waitFor(() => expect(Number(winner.textContent)).toBeGreaterThan(1500));
    expect(Number(screen.getByLabelText('Calculated rank 1 of team B').textContent)).toBeLessThan(1500);
    // A rank that is not a number is ignored: no call, nothing beside it.
    expect(screen.getByLabelText('Calculated rank 2 of team A').textContent).toBe('–');
  });
});

async function groupAId(seasonId: number) {
  const season = (await admin.get(`/v1/season/${seasonId}`)).body as { divisions: { groups: { id: number; name: string }[] }[] };
  return season.divisions[0].groups.find((g) => g.name === 'Group A')!.id;
}

async function seasonName(seasonId: number) {
  return ((await admin.get(`/v1/season/${seasonId}`)).body as { name: string }).name;
}
