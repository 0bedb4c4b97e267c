import {
  array,
  boolean,
  enums,
  integer,
  literal,
  max,
  min,
  nullable,
  object,
  optional,
  string,
  type,
  union,
  type Infer,
} from 'superstruct';
import { SCORE_MAX, SCORE_MIN, TOURNAMENT_STATUSES } from '../../domain/constants';
import { Id, Millis, Text } from './common';
import { TeamMember } from './team';
import { TournamentType, createSchema, patchSchema, readSchema } from './tournamentFields';

export {
  Game,
  Platform,
  SwitcherooType,
  TournamentType,
  URL_MAX_LENGTH,
  URL_PATTERN,
  isHttpUrl,
} from './tournamentFields';

export const TournamentStatus = enums(TOURNAMENT_STATUSES);
export type TournamentStatus = Infer<typeof TournamentStatus>;

export const MapAndMode = type({ roundName: string(), value: string() });
export type MapAndMode = Infer<typeof MapAndMode>;

export const DefinedEntries = type({
  definedUsers: array(type({ name: string() })),
  definedTeams: array(type({ name: string(), definedMembers: array(string()) })),
});
export type DefinedEntries = Infer<typeof DefinedEntries>;

/** The viewer's team in a tournament (GET /v1/tournament/{id}?userId). */
export const UserTeam = type({ id: Id, name: string(), logoUrl: nullable(string()), users: array(TeamMember) });
export type UserTeam = Infer<typeof UserTeam>;

export const Tournament = type({
  id: Id,
  /** The declared fields (./tournamentFields.ts). */
  ...readSchema,
  status: TournamentStatus,
  joinedTeamsLength: integer(),
  joinedUsersLength: integer(),
  graphicUrl: nullable(string()),
  userJoined: boolean(),
  userTeam: nullable(UserTeam),
  mapsAndModes: array(MapAndMode),
  definedEntries: DefinedEntries,
  winningEntryId: nullable(Id),
  winningEntryName: nullable(string()),
  /**
   * Round names of the bracket in play order (GET /v1/tournament/{id} only): the rounds that need a map and mode.
   * Before the bracket exists they follow the engine's naming for the expected entry count.
   */
  roundNames: optional(array(string())),
});
export type Tournament = Infer<typeof Tournament>;

/** GET /v1/tournament/user/{id}/public: a player's tournaments for guests (no viewer state). */
export const UserTournaments = type({ past: array(Tournament), active: array(Tournament) });
export type UserTournaments = Infer<typeof UserTournaments>;

/** DELETE /v1/tournament/{id}/discord: what the clean-up removed from the Discord server. */
export const DiscordCleanUp = type({ removedChannels: integer(), removedRoles: integer() });
export type DiscordCleanUp = Infer<typeof DiscordCleanUp>;

/** POST /v1/tournament: every field of the admin form (./tournamentFields.ts). */
export const TournamentCreate = object(createSchema);
export type TournamentCreate = Infer<typeof TournamentCreate>;

/**
 * PATCH /v1/tournament/{id}: tournament fields (the edit form, where the create-only fields are ignored),
 * or `mapsAndModes` alone, or the full tournament plus `definedEntries`. Unknown read-only fields are ignored.
 */
export const TournamentPatch = type({
  ...patchSchema,
  mapsAndModes: optional(array(object({ roundName: Text(60), value: Text(200) }))),
  definedEntries: optional(DefinedEntries),
});
export type TournamentPatch = Infer<typeof TournamentPatch>;

/** POST /v1/tournament answers the new id. */
export const Created = type({ id: Id });
export type Created = Infer<typeof Created>;

/** A tournament entry: a player (name is their discordName) or a team. */
export const Entry = type({
  id: Id,
  name: optional(string()),
  discordName: optional(string()),
  wins: integer(),
  losses: integer(),
  users: optional(array(TeamMember)),
  /** For the admin options menu: is the entry a user (links to /players/{id}) or a team. */
  userId: optional(nullable(Id)),
  teamId: optional(nullable(Id)),
  refunded: optional(boolean()),
  paid: optional(boolean()),
  /**
   * Admin lists: whether the entry plays in the bracket (seasons-and-admin §3, the maps screen's "playing" flag): seeded
   * in it, or, before the start, one the start will seed; a SWITCHEROO player through the team they are paired into.
   */
  playing: optional(boolean()),
});
export type Entry = Infer<typeof Entry>;

/** SWITCHEROO pairing: the players who signed up and the teams formed so far. */
export const SwitcherooEntries = type({
  entries: array(Entry),
  teams: array(type({ id: Id, name: string(), users: array(TeamMember), slots: array(nullable(Id)) })),
  freeSubstituteSlots: integer(),
});
export type SwitcherooEntries = Infer<typeof SwitcherooEntries>;

/** POST /v1/billing/join-tournament/{tournamentId}/{teamOrUserId}: `name` is the team name for team types. */
export const JoinTournamentBody = object({ name: optional(nullable(string())) });
export type JoinTournamentBody = Infer<typeof JoinTournamentBody>;

export const JoinTournamentResult = union([literal(true), type({ clientSecret: string() })]);

/** A hall-of-fame row. */
export const HallOfFameEntry = type({
  id: Id,
  title: string(),
  tournamentType: TournamentType,
  teamLimit: integer(),
  endDate: Millis,
  winningEntryId: nullable(Id),
  winningEntryName: nullable(string()),
});
export type HallOfFameEntry = Infer<typeof HallOfFameEntry>;

export const MatchSide = type({ id: Id, discordName: string(), picture: nullable(string()) });
export const MatchTeam = type({ id: Id, name: string(), logoUrl: nullable(string()), users: array(TeamMember) });

/** One match of a tournament bracket (GET /v1/tournament/{id}/match[/{matchId}]). */
export const TournamentMatch = type({
  id: Id,
  matchNumber: integer(),
  roundName: string(),
  /**
   * The tournament (single-match GET: also its status, allowScoreSubmission, type and team limit, so the match
   * page can tell whether scores may be submitted).
   */
  tournament: optional(
    type({
      id: Id,
      title: string(),
      status: optional(TournamentStatus),
      allowScoreSubmission: optional(boolean()),
      tournamentType: optional(TournamentType),
      teamLimit: optional(integer()),
    }),
  ),
  tournamentId: Id,
  dueByDate: nullable(Millis),
  entryASourceId: nullable(integer()),
  entryBSourceId: nullable(integer()),
  /** Entry ids of both sides (our addition: which entry is A/B). */
  entryAId: nullable(Id),
  entryBId: nullable(Id),
  userA: nullable(MatchSide),
  userB: nullable(MatchSide),
  teamA: nullable(MatchTeam),
  teamB: nullable(MatchTeam),
  definedEntryA: nullable(string()),
  definedEntryB: nullable(string()),
  entryAbye: boolean(),
  entryBbye: boolean(),
  entryAScoreA: nullable(integer()),
  entryAScoreB: nullable(integer()),
  entryBScoreA: nullable(integer()),
  entryBScoreB: nullable(integer()),
  winningEntry: enums(['EntryA', 'EntryB', '']),
  winnersBracket: boolean(),
  /** Drawing data from the engine: track, column, row, and the kind of each source. */
  track: enums(['winners', 'losers', 'final']),
  round: integer(),
  position: integer(),
  entryASourceKind: nullable(enums(['winner', 'loser'])),
  entryBSourceKind: nullable(enums(['winner', 'loser'])),
  live: boolean(),
  dispute: boolean(),
  /** The result once decided (agreed by both sides, or set by an admin); null while pending and for byes. */
  scoreA: optional(nullable(integer())),
  scoreB: optional(nullable(integer())),
  /** Display name of each side (player, team or predefined name); null while unknown or a bye. */
  entryAName: optional(nullable(string())),
  entryBName: optional(nullable(string())),
  /** Single-match GET: the side the signed-in viewer plays on, or null (spectator, staff, guest). */
  viewerSide: optional(nullable(enums(['A', 'B']))),
});
export type TournamentMatch = Infer<typeof TournamentMatch>;

const Score = max(min(integer(), SCORE_MIN), SCORE_MAX);
/**
 * POST /v1/tournament/{id}/match/{matchId}[/admin]: the score of side A and of side B, whole numbers 0–3
 * (missing: "Please enter a valid score"; out of range: "Score must be between 0 and 3").
 */
export const ScoreBody = object({ entryAScore: Score, entryBScore: Score });
export type ScoreBody = Infer<typeof ScoreBody>;

/** PATCH /v1/tournament/{id}/match/{matchId}: the admin picks the entries of a match. */
export const MatchEntriesPatch = object({
  /** Entry ids (our addition): any kind of entry of this tournament. */
  entryAId: optional(nullable(Id)),
  entryBId: optional(nullable(Id)),
  userAId: optional(nullable(Id)),
  userBId: optional(nullable(Id)),
  teamAId: optional(nullable(Id)),
  teamBId: optional(nullable(Id)),
  definedEntryA: optional(nullable(string())),
  definedEntryB: optional(nullable(string())),
});
export type MatchEntriesPatch = Infer<typeof MatchEntriesPatch>;

/** Rows of the admin queues (disputes, incomplete, overdue) for tournaments. */
export const TournamentQueueMatch = type({
  id: Id,
  tournament: type({ id: Id, title: string() }),
  dueByDate: nullable(Millis),
  teamA: nullable(type({ id: Id, name: string() })),
  teamB: nullable(type({ id: Id, name: string() })),
  userA: nullable(type({ id: Id, discordName: string() })),
  userB: nullable(type({ id: Id, discordName: string() })),
  definedEntryA: optional(nullable(string())),
  definedEntryB: optional(nullable(string())),
  entryASubmitted: boolean(),
  entryBSubmitted: boolean(),
  matchNumber: optional(integer()),
  roundName: optional(string()),
});
export type TournamentQueueMatch = Infer<typeof TournamentQueueMatch>;
