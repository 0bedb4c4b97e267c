import { array, boolean, enums, integer, max, min, nullable, number, object, optional, size, string, type, type Infer } from 'superstruct';
import {
  DIVISION_TYPES,
  MATCH_POSITIONS,
  SCORE_MAX,
  SCORE_MIN,
  SEASON_MATCH_TYPES,
  SEASON_ROUND_TYPES,
  SEASON_TYPES,
  WINNING_TEAMS,
} from '../../domain/constants';
import { Count, Id, Millis, Paged } from './common';
import { seasonBodySchema, seasonReadSchema } from './seasonFields';
import { TeamMember, TeamSummary } from './team';
import type { MatchFacts } from '../../domain/matchRules';
import { seasonMatchFacts } from '../../domain/season/seasonMatchFacts';

export const SeasonType = enums(SEASON_TYPES);
export type SeasonType = Infer<typeof SeasonType>;
export const RoundType = enums(SEASON_ROUND_TYPES);
export type RoundType = Infer<typeof RoundType>;
export const DivisionType = enums(DIVISION_TYPES);
export type DivisionType = Infer<typeof DivisionType>;
export const MatchPosition = enums(MATCH_POSITIONS);
export type MatchPosition = Infer<typeof MatchPosition>;
export const SeasonMatchType = enums(SEASON_MATCH_TYPES);
export type SeasonMatchType = Infer<typeof SeasonMatchType>;
export const WinningTeam = enums(WINNING_TEAMS);
export type WinningTeam = Infer<typeof WinningTeam>;

/**
 * A team in the season views and the admin season teams page (seasons-and-admin §3 Team). divisionWins and
 * divisionLosses are the team's group-stage record in this season; averageKR its members' mean katanaRank.
 */
export const SeasonTeam = type({
  ...TeamSummary.schema,
  users: array(TeamMember),
  divisionWins: integer(),
  divisionLosses: integer(),
  averageKR: number(),
  transferMode: boolean(),
  /** Admin season teams page (refund and remove-from-season): whether the entry was paid, and refunded. */
  paid: optional(boolean()),
  refunded: optional(boolean()),
});
export type SeasonTeam = Infer<typeof SeasonTeam>;

/** Group A or Group B of a division, its teams in standings order. */
export const Group = type({ id: Id, name: string(), teams: array(SeasonTeam) });
export type Group = Infer<typeof Group>;

/** A medal place of a division's playoffs: 1 champion (gold), 2 runner-up (silver), 3 third (bronze). */
export const DivisionPlacing = type({ place: enums([1, 2, 3] as const), team: TeamSummary });
export type DivisionPlacing = Infer<typeof DivisionPlacing>;

/**
 * A division as the season lists it (§3 Season.divisions). `placings`: its medal places, best first, once its
 * champion is known (the medals the season's completion awards); empty before.
 */
export const Division = type({
  id: Id,
  name: string(),
  joinedTeamsCount: integer(),
  groups: array(Group),
  placings: array(DivisionPlacing),
});
export type Division = Infer<typeof Division>;

/**
 * A season (§3): GET /v1/season/{id}, /latest, /{id}/preview, and the items of the paged lists.
 * `playoffWeeks` is labelled Group Stage Weeks; `entryFee` is in euros.
 */
export const Season = type({
  id: Id,
  /** The declared fields (./seasonFields.ts). */
  ...seasonReadSchema,
  seasonType: SeasonType,
  joinedTeamsCount: integer(),
  /** The viewer's team has joined this season (false for guests). */
  userPartOfTeam: boolean(),
  /** Members of the viewer's team, the captain included (0 for guests and players without a team). */
  teamMembersCount: integer(),
  divisions: array(Division),
  /** The saved division splits: team counts per division, Division 1 first, zeros dropped. */
  divisionSplits: array(integer()),
});
export type Season = Infer<typeof Season>;

/** GET /v1/season?userId&pageNo and GET /v1/season/all-seasons (admin). */
export const SeasonPage = Paged(Season);
export type SeasonPage = Infer<typeof SeasonPage>;

/** GET /v1/season/{id}/teams (admin, searchable). */
export const SeasonTeamPage = Paged(SeasonTeam);
export type SeasonTeamPage = Infer<typeof SeasonTeamPage>;

/** POST /v1/season and PATCH /v1/season/{id}: every field of the add/edit season dialog (§5, ./seasonFields.ts). */
export const SeasonBody = object(seasonBodySchema);
export type SeasonBody = Infer<typeof SeasonBody>;

/** PATCH /v1/season/{id}/division-splits: team counts per division (zeros are dropped on save), 1 to 32 of them. */
export const DivisionSplitsBody = object({ divisionSplits: size(array(Count), 1, 32) });
export type DivisionSplitsBody = Infer<typeof DivisionSplitsBody>;

/**
 * POST /v1/billing/join-season/{seasonId}/{teamId}: the join dialog's terms box. The answer is `true` for a free
 * season, else the payment secret (PaymentSecret) the payment dialog confirms.
 */
export const JoinSeasonBody = object({ termsAccepted: optional(boolean()) });
export type JoinSeasonBody = Infer<typeof JoinSeasonBody>;

const SeasonMatchTeam = nullable(type({ id: Id, name: string(), logoUrl: nullable(string()) }));

/**
 * A league match (§3). Each side reports both scores: teamAScoreA/teamAScoreB are team A's report of team A's and
 * team B's score, teamBScoreA/teamBScoreB team B's, kept as reported. scoreA/scoreB are the result once decided: the
 * agreed reports, or the score staff set (a dispute settled, a result overwritten). A playoff match has its number (1–15 for eight teams) and its
 * row in the round; a playoff side waiting for an earlier result is null, a bye side (a division of fewer than eight
 * teams) has no team and teamABye/teamBBye set: such a match is decided without being played.
 */
export const SeasonMatch = type({
  id: Id,
  seasonName: string(),
  seasonId: Id,
  divisionId: Id,
  groupId: nullable(Id),
  dueByDate: nullable(Millis),
  teamA: SeasonMatchTeam,
  teamB: SeasonMatchTeam,
  winningTeam: nullable(WinningTeam),
  teamAScoreA: nullable(integer()),
  teamAScoreB: nullable(integer()),
  teamBScoreA: nullable(integer()),
  teamBScoreB: nullable(integer()),
  scoreA: nullable(integer()),
  scoreB: nullable(integer()),
  matchType: SeasonMatchType,
  roundType: RoundType,
  matchNumber: nullable(integer()),
  position: nullable(MatchPosition),
  dispute: optional(boolean()),
  teamABye: boolean(),
  teamBBye: boolean(),
});
export type SeasonMatch = Infer<typeof SeasonMatch>;

/**
 * GET /v1/season/divisions/{id}: the division page, group-stage view or bracket view (§2, §3 Division).
 * `seasonType` is its season's state (what staff may do with the bracket: a reset in PLAYOFFS).
 */
export const DivisionDetail = type({
  id: Id,
  seasonId: Id,
  seasonType: SeasonType,
  name: string(),
  divisionType: DivisionType,
  groupAId: nullable(Id),
  groupBId: nullable(Id),
  groupATeams: array(SeasonTeam),
  groupBTeams: array(SeasonTeam),
  groupAUpcoming: array(SeasonMatch),
  groupBUpcoming: array(SeasonMatch),
  /** The playoff matches in number order; Grand Final 2 only once it is needed. */
  elimMatches: array(SeasonMatch),
});
export type DivisionDetail = Infer<typeof DivisionDetail>;

// ── League play (issue 12): the match page, the admin queues and Test Elo ─────────────────────────────────────────

/**
 * GET /v1/match/{id} (and the answer of the score calls): one league match with what the match page needs.
 * `viewerSide` is the side the signed-in viewer plays on (null: spectator, staff, guest); `viewerIsCaptain` says
 * whether they captain it (only captains report league scores). `live` is false for a Grand Final 2 that is not
 * needed.
 */
export const SeasonMatchView = type({
  ...SeasonMatch.schema,
  seasonType: SeasonType,
  live: boolean(),
  viewerSide: nullable(enums(['A', 'B'])),
  viewerIsCaptain: boolean(),
});
export type SeasonMatchView = Infer<typeof SeasonMatchView>;

/** GET /v1/match/division/{divisionId} and /v1/match/group/{groupId}: every match, the page splits Completed and Pending. */
export const SeasonMatchList = array(SeasonMatch);
export type SeasonMatchList = Infer<typeof SeasonMatchList>;

/**
 * A row of the admin queues' Season matches table (GET /v1/match/dispute|incomplete|overdue): SEASON, DUE BY,
 * TEAM A, TEAM B; teamASubmitted/teamBSubmitted mark "(submitted)" or "(pending)" on the incomplete screen.
 */
export const SeasonQueueMatch = type({
  id: Id,
  season: type({ id: Id, name: string() }),
  dueByDate: nullable(Millis),
  teamA: nullable(type({ id: Id, name: string() })),
  teamB: nullable(type({ id: Id, name: string() })),
  teamASubmitted: boolean(),
  teamBSubmitted: boolean(),
  matchType: SeasonMatchType,
  roundType: RoundType,
  matchNumber: nullable(integer()),
});
export type SeasonQueueMatch = Infer<typeof SeasonQueueMatch>;
export const SeasonQueuePage = Paged(SeasonQueueMatch);
export type SeasonQueuePage = Infer<typeof SeasonQueuePage>;

/** The highest KR a request may carry (Test Elo): far above any real rank, low enough to stay a safe integer. */
export const KR_MAX = 100_000;
const MapScore = max(min(integer(), SCORE_MIN), SCORE_MAX);

/**
 * PUT /v1/match/test-increase and /test-decrease (admin Test Elo): the two team scores, one player's KR and the
 * opposing team's average KR. Answers the calculated rank (TestEloAnswer): increase for a player of the side that
 * scored higher, decrease for the other side.
 */
export const TestEloBody = object({
  teamAScore: MapScore,
  teamBScore: MapScore,
  kr: max(min(integer(), 0), KR_MAX),
  averageKr: max(min(number(), 0), KR_MAX),
});
export type TestEloBody = Infer<typeof TestEloBody>;
export const TestEloAnswer = integer();
export type TestEloAnswer = Infer<typeof TestEloAnswer>;

/** The facts the shared match rules (src/domain/matchRules.ts) read, from a league match as the API answers it. */
export const seasonMatchViewFacts = (m: SeasonMatchView): MatchFacts =>
  seasonMatchFacts({ ...m, teamAId: m.teamA?.id ?? null, teamBId: m.teamB?.id ?? null });
