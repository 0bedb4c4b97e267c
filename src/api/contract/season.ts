import { array, boolean, enums, integer, min, nullable, number, object, optional, size, string, type, type Infer } from 'superstruct';
import { SEASON_TYPES } from '../../domain/constants';
import { Id, Millis, NonBlank } from './common';
import { TeamSummary } from './team';

export const SeasonType = enums(SEASON_TYPES);
export type SeasonType = Infer<typeof SeasonType>;

export const SeasonTeam = type({
  ...TeamSummary.schema,
  divisionWins: integer(),
  divisionLosses: integer(),
  averageKR: number(),
});
export type SeasonTeam = Infer<typeof SeasonTeam>;

export const Group = type({ id: Id, name: string(), teams: array(SeasonTeam) });
export const Division = type({
  id: Id,
  name: string(),
  joinedTeamsCount: integer(),
  groups: array(Group),
});
export type Division = Infer<typeof Division>;

const DueDates = {
  round1DueBy: nullable(Millis),
  round2DueBy: nullable(Millis),
  losers1DueBy: nullable(Millis),
  losers2DueBy: nullable(Millis),
  losers3DueBy: nullable(Millis),
  winnersFinalDueBy: nullable(Millis),
  losersFinalDueBy: nullable(Millis),
  grandFinalDueBy: nullable(Millis),
};

export const Season = type({
  id: Id,
  name: string(),
  startDate: Millis,
  playoffWeeks: integer(),
  entryFee: number(),
  prizePoolInfo: string(),
  seasonInfo: string(),
  published: boolean(),
  seasonType: SeasonType,
  joinedTeamsCount: integer(),
  userPartOfTeam: boolean(),
  teamMembersCount: integer(),
  divisions: array(Division),
  divisionSplits: array(integer()),
  ...DueDates,
});
export type Season = Infer<typeof Season>;

const Text = (max: number) => size(NonBlank, 1, max);
/** POST /v1/season and PATCH /v1/season/{id}: the add/edit season dialog. */
export const SeasonBody = object({
  name: Text(120),
  startDate: Millis,
  playoffWeeks: min(integer(), 1),
  entryFee: min(number(), 0),
  prizePoolInfo: Text(500),
  seasonInfo: Text(5000),
  published: optional(boolean()),
  round1DueBy: Millis,
  round2DueBy: Millis,
  losers1DueBy: Millis,
  losers2DueBy: Millis,
  losers3DueBy: Millis,
  winnersFinalDueBy: Millis,
  losersFinalDueBy: Millis,
  grandFinalDueBy: Millis,
});
export type SeasonBody = Infer<typeof SeasonBody>;

/** PATCH /v1/season/{id}/division-splits. */
export const DivisionSplitsBody = object({ divisionSplits: array(min(integer(), 0)) });

export const ROUND_TYPES = [
  'GROUPS',
  'ROUND1',
  'LOSERROUND1',
  'ROUND2',
  'LOSERROUND2',
  'WINNERSFINAL',
  'LOSERSROUND3',
  'LOSERSFINAL',
  'GRANDFINAL',
  'GRANDFINAL2',
] as const;
export const RoundType = enums(ROUND_TYPES);
export const MatchPosition = enums(['FIRST', 'SECOND', 'THIRD', 'FOURTH']);

const SeasonMatchTeam = nullable(type({ id: Id, name: string(), logoUrl: nullable(string()) }));
export const SeasonMatch = type({
  id: Id,
  seasonName: string(),
  seasonId: Id,
  dueByDate: nullable(Millis),
  teamA: SeasonMatchTeam,
  teamB: SeasonMatchTeam,
  winningTeam: nullable(enums(['TeamA', 'TeamB'])),
  teamAScoreA: nullable(integer()),
  teamAScoreB: nullable(integer()),
  teamBScoreA: nullable(integer()),
  teamBScoreB: nullable(integer()),
  matchType: optional(nullable(string())),
  roundType: RoundType,
  matchNumber: optional(nullable(integer())),
});
export type SeasonMatch = Infer<typeof SeasonMatch>;

export const DivisionDetail = type({
  id: Id,
  name: string(),
  divisionType: enums([
    'GROUPS',
    'ROUND1',
    'ROUND2',
    'LOSERSROUND2',
    'LOSERSROUND3',
    'WINNERSFINAL',
    'LOSERSFINAL',
    'GRANDFINAL',
  ]),
  groupAId: nullable(Id),
  groupBId: nullable(Id),
  groupATeams: array(SeasonTeam),
  groupBTeams: array(SeasonTeam),
  groupAUpcoming: array(SeasonMatch),
  groupBUpcoming: array(SeasonMatch),
  elimMatches: array(SeasonMatch),
});
export type DivisionDetail = Infer<typeof DivisionDetail>;
