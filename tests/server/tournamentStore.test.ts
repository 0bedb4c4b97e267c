import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/testServer';
import { Fixtures } from './temporaryTeams.fixtures';
import { TOURNAMENT_ERRORS } from '../../src/domain/messages';

const T = (id: number) => `/v1/tournament/temporary-team/${id}`;
const join = (tournamentId: number, userId: number) => `/v1/billing/join-tournament/${tournamentId}/${userId}`;

const server = useTestServer();
let fx: Fixtures;
beforeAll(() => {
  fx = new Fixtures(server);
});

describe('team names are unique within a tournament, ignoring case', () => {
  it('lets a team keep its own name or change its case', async () => {
    const tournament = await fx.tournament();
    const captainUser = await fx.user();
    const team = await fx.team(tournament, captainUser, [], { name: 'Night Owls' });
    const captain = await fx.as(captainUser);

    const res = await captain.patch(T(team.id), { name: 'NIGHT OWLS' });

    expect(res.status).toBe(200);
    expect(res.body.name).toBe('NIGHT OWLS');
  });

  it("refuses another team's name, when renaming and when joining", async () => {
    const tournament = await fx.tournament();
    await fx.team(tournament, await fx.user(), [], { name: 'Night Owls' });
    const captainUser = await fx.user();
    const team = await fx.team(tournament, captainUser, [], { name: 'Day Larks' });
    const newcomer = await fx.user();

    const renamed = await (await fx.as(captainUser)).patch(T(team.id), { name: 'night owls' });
    const joined = await (await fx.as(newcomer)).post(join(tournament.id, newcomer.id), { name: ' NIGHT owls ' });

    expect([renamed.status, renamed.body.message]).toEqual([409, TOURNAMENT_ERRORS.teamNameTaken]);
    expect([joined.status, joined.body.message]).toEqual([409, TOURNAMENT_ERRORS.teamNameTaken]);
  });
});

// Sign-ups racing for the last places: tests/server/tournamentJoin.test.ts.
describe('changes of one tournament run one at a time (the tournament row lock)', () => {
  it('lets only one of two teams renamed to the same name at once take it', async () => {
    const tournament = await fx.tournament();
    const [a, b] = await fx.users(2);
    const teamA = await fx.team(tournament, a);
    const teamB = await fx.team(tournament, b);
    const [captainA, captainB] = [await fx.as(a), await fx.as(b)];

    const answers = await Promise.all([captainA.patch(T(teamA.id), { name: 'Same' }), captainB.patch(T(teamB.id), { name: 'same' })]);

    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
