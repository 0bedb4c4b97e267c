import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { teamManagementMachine, type ManagedTeam, type TeamAction, type TeamKind } from '../../machines/flows/teamManagementMachine';
import { managedLeagueTeam } from '../../src/api/endpoints/teamManagement';
import type { Team, TeamManagementRow } from '../../src/api/contract/team';
import type { TransferOutcome } from '../../src/api/contract/transfer';
import { LEAGUE_TEAM_SIZE } from '../../src/domain/constants';

const CAPTAIN = 7;
const row = (id: number, teamRole: 'CAPTAIN' | 'PLAYER'): TeamManagementRow => ({
  id, discordName: `p${id}`, picture: null, teamRole, katanaRank: 1000, type: 'MEMBER', isRemoving: false, rejectedReason: null,
});
const leagueTeam: Team = {
  id: 3, name: 'Night Owls', logoUrl: null, wins: 0, losses: 0, gold: 0, silver: 0, bronze: 0, activeSeasons: 0,
  users: [
    { id: 8, discordName: 'p8', picture: null, teamRole: 'PLAYER', katanaRank: 1000 },
    { id: CAPTAIN, discordName: 'p7', picture: null, teamRole: 'CAPTAIN', katanaRank: 1000 },
  ],
  upcomingMatches: [], divisionWins: 0, divisionLosses: 0, averageKR: 1000, transferMode: false, removals: [],
};

/** The machine of one kind of team, its calls swapped for the given team; answers the kind it called. */
async function ready(kind: TeamKind, team: ManagedTeam) {
  const calls: string[] = [];
  const logic = teamManagementMachine.provide({
    actors: {
      loadTeam: fromPromise<{ team: ManagedTeam; rows: TeamManagementRow[] }, { kind: TeamKind; teamId: number }>(async ({ input }) => {
        calls.push(`load ${input.kind}`);
        return { team, rows: [row(CAPTAIN, 'CAPTAIN'), row(8, 'PLAYER')] };
      }),
      performAction: fromPromise<TransferOutcome | void, { kind: TeamKind; teamId: number; asAdmin: boolean; action: TeamAction }>(async ({ input }) => {
        calls.push(`${input.action.kind} ${input.kind}`);
      }),
    },
  });
  const actor = createActor(logic, { input: { kind, teamId: team.id, viewerId: CAPTAIN, asAdmin: false } }).start();
  await waitFor(actor, (s) => s.matches('ready'));
  return { actor, calls };
}

describe('teamManagementMachine, by kind of team', () => {
  it('reads a league team’s captain from its roster, with the league roster size and no substitutes', () => {
    expect(managedLeagueTeam(leagueTeam)).toEqual({ id: 3, name: 'Night Owls', logoUrl: null, captainId: CAPTAIN, teamSize: LEAGUE_TEAM_SIZE, freeSubstitutes: [], transferMode: false });
    expect(managedLeagueTeam({ ...leagueTeam, users: [] }).captainId).toBeNull();
  });

  it('lets a league team’s captain manage it, but not disband it or save substitutes; a tournament team’s may', async () => {
    const league = await ready('league', managedLeagueTeam(leagueTeam));
    const tournament = await ready('temporary', { ...managedLeagueTeam(leagueTeam), teamSize: 4, tournament: { tournamentType: 'SWITCHEROO' } });
    for (const { actor } of [league, tournament]) {
      expect(actor.getSnapshot().can({ type: 'team.rename', name: 'New' })).toBe(true);
      expect(actor.getSnapshot().can({ type: 'member.promote', member: row(8, 'PLAYER') })).toBe(true);
    }
    expect(league.actor.getSnapshot().can({ type: 'team.disband' })).toBe(false);
    expect(league.actor.getSnapshot().can({ type: 'substitutes.save', names: ['Sub'] })).toBe(false);
    expect(tournament.actor.getSnapshot().can({ type: 'team.disband' })).toBe(true);
    expect(tournament.actor.getSnapshot().can({ type: 'substitutes.save', names: ['Sub'] })).toBe(true);

    league.actor.send({ type: 'team.rename', name: 'Dawn Owls' });
    await waitFor(league.actor, (s) => s.matches('ready') && league.calls.length > 2);
    expect(league.calls).toEqual(['load league', 'rename league', 'load league']);
    expect(tournament.calls).toEqual(['load temporary']);
  });
});
