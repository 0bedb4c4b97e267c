import type { Team, TeamManagementRow, TemporaryTeamDetail } from '../contract/team';
import type { TransferOutcome } from '../contract/transfer';
import type { Invitee } from '../contract/user';
import { LEAGUE_TEAM_SIZE } from '../../domain/constants';
import { getLeagueTeamMembers, getTeam, performLeagueTeamAction } from './teams';
import { getTemporaryTeam, getTemporaryTeamMembers, performTemporaryTeamAction } from './temporaryTeams';
import { searchInvitees } from './invites';
import type { TeamAction } from './teamAction';

export type { TeamAction };

/** The two kinds of team one management dialog serves: a tournament's (temporary) team, or a league (permanent) team. */
export type TeamKind = 'temporary' | 'league';

/** What the management dialog reads of a team, whatever its kind. */
export interface ManagedTeam {
  id: number;
  name: string;
  logoUrl: string | null;
  captainId: number | null;
  /** Players the team may hold. */
  teamSize: number;
  freeSubstitutes: string[];
  /** A league team playing a season: its roster changes are transfer requests (absent for a tournament team). */
  transferMode?: boolean;
  /** A tournament team's tournament (SWITCHEROO teams edit free substitutes); absent for a league team. */
  tournament?: { tournamentType: TemporaryTeamDetail['tournament']['tournamentType'] };
}

/** The calls of one kind of team, for the management machine. */
export interface TeamManagementApi {
  load(teamId: number): Promise<{ team: ManagedTeam; rows: TeamManagementRow[] }>;
  /** A league team's Remove in a season answers the transfer request it opened (and the fee due). */
  perform(teamId: number, asAdmin: boolean, action: TeamAction): Promise<TransferOutcome | void>;
  /** The dialog's player search: only players this team's invite (or Force Add) would take. */
  searchInvitees(teamId: number, search: string): Promise<Invitee[]>;
}

/** A league team's profile as the dialog reads it: its captain from the roster, no substitutes. */
export const managedLeagueTeam = (team: Team): ManagedTeam => ({
  id: team.id,
  name: team.name,
  logoUrl: team.logoUrl,
  captainId: team.users.find((u) => u.teamRole === 'CAPTAIN')?.id ?? null,
  teamSize: LEAGUE_TEAM_SIZE,
  freeSubstitutes: [],
  transferMode: team.transferMode,
});

export const TEAM_MANAGEMENT_APIS: Record<TeamKind, TeamManagementApi> = {
  temporary: {
    load: async (teamId) => {
      const [team, rows] = await Promise.all([getTemporaryTeam(teamId), getTemporaryTeamMembers(teamId)]);
      return { team, rows };
    },
    perform: performTemporaryTeamAction,
    searchInvitees: (teamId, search) => searchInvitees(search, { temporaryTeamId: teamId }),
  },
  league: {
    load: async (teamId) => {
      const [team, rows] = await Promise.all([getTeam(teamId), getLeagueTeamMembers(teamId)]);
      return { team: managedLeagueTeam(team), rows };
    },
    perform: performLeagueTeamAction,
    searchInvitees: (teamId, search) => searchInvitees(search, { teamId }),
  },
};
