import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  INVITE_STATUSES,
  MATCH_POSITIONS,
  PAYMENT_STATUSES,
  ROLES,
  SEASON_MATCH_TYPES,
  SEASON_ROUND_TYPES,
  SEASON_TYPES,
  SWITCHEROO_TYPES,
  TEAM_ROLES,
  TOURNAMENT_STATUSES,
  TOURNAMENT_TYPES,
  TRANSFER_STATUSES,
  WINNING_TEAMS,
} from '../../src/domain/constants';
import type { AuditAction, AuditTargetType, AuditValues } from '../../src/api/contract/audit';
import type { AnnouncementEvent, DeliveryState } from '../../src/api/contract/announcements';

// Timestamps are stored as epoch milliseconds (bigint, mode number) because the /v1 contract speaks ms.
const ms = (name: string) => bigint(name, { mode: 'number' });
const now = sql`(extract(epoch from now()) * 1000)::bigint`;

// The enums' values are the domain's (src/domain/constants.ts); a change there is a migration here.
export const roleEnum = pgEnum('role', ROLES);
export const teamRoleEnum = pgEnum('team_role', TEAM_ROLES);
export const tournamentStatusEnum = pgEnum('tournament_status', TOURNAMENT_STATUSES);
export const tournamentTypeEnum = pgEnum('tournament_type', TOURNAMENT_TYPES);
export const switcherooTypeEnum = pgEnum('switcheroo_type', SWITCHEROO_TYPES);
export const inviteStatusEnum = pgEnum('invite_status', INVITE_STATUSES);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  wins: integer('wins').notNull().default(0),
  losses: integer('losses').notNull().default(0),
  gold: integer('gold').notNull().default(0),
  silver: integer('silver').notNull().default(0),
  bronze: integer('bronze').notNull().default(0),
  divisionWins: integer('division_wins').notNull().default(0),
  divisionLosses: integer('division_losses').notNull().default(0),
  transferMode: boolean('transfer_mode').notNull().default(false),
  /** Set when the last member left: the team can never be used again. */
  locked: boolean('locked').notNull().default(false),
  createdAt: ms('created_at').notNull().default(now),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Discord's snowflake; null for demo accounts that only exist locally. */
    discordId: text('discord_id'),
    discordName: text('discord_name').notNull(),
    battleTag: text('battle_tag'),
    katanaRank: integer('katana_rank').notNull().default(1000),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    gold: integer('gold').notNull().default(0),
    silver: integer('silver').notNull().default(0),
    bronze: integer('bronze').notNull().default(0),
    joined: ms('joined').notNull().default(now),
    picture: text('picture'),
    twitterHandle: text('twitter_handle'),
    twitchName: text('twitch_name'),
    youtubeChannel: text('youtube_channel'),
    freeAgent: boolean('free_agent').notNull().default(false),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    teamRole: teamRoleEnum('team_role'),
    role: roleEnum('role').notNull().default('USER'),
    banned: boolean('banned').notNull().default(false),
  },
  (t) => [
    uniqueIndex('users_discord_id_idx').on(t.discordId),
    index('users_discord_name_idx').on(t.discordName),
    index('users_team_idx').on(t.teamId),
  ],
);

/** Refresh-token sessions. The refresh token rotates; only its hash is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every rotation of one sign-in shares a family; reuse of a rotated token revokes the family. */
    family: text('family').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ms('expires_at').notNull(),
    rotatedAt: ms('rotated_at'),
    revokedAt: ms('revoked_at'),
    createdAt: ms('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('sessions_token_idx').on(t.tokenHash), index('sessions_family_idx').on(t.family)],
);

export const teamInvites = pgTable(
  'team_invites',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isTransfer: boolean('is_transfer').notNull().default(false),
    status: inviteStatusEnum('status').notNull().default('PENDING'),
    createdAt: ms('created_at').notNull().default(now),
  },
  (t) => [index('team_invites_user_idx').on(t.userId), index('team_invites_team_idx').on(t.teamId)],
);

export type MapAndMode = { roundName: string; value: string };
export type DefinedEntries = {
  definedUsers: { name: string }[];
  definedTeams: { name: string; definedMembers: string[] }[];
};

export const tournaments = pgTable(
  'tournaments',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    subTitle: text('sub_title').notNull().default(''),
    description: text('description').notNull().default(''),
    /** Euros, may have cents. */
    entryFeeCents: integer('entry_fee_cents').notNull().default(0),
    startDate: ms('start_date').notNull(),
    startTime: text('start_time').notNull().default(''),
    endDate: ms('end_date').notNull(),
    signUpClose: ms('sign_up_close').notNull(),
    tournamentType: tournamentTypeEnum('tournament_type').notNull().default('TOURNAMENT'),
    switcherooType: switcherooTypeEnum('switcheroo_type').notNull().default('SINGLES'),
    signUpLimit: integer('sign_up_limit').notNull().default(16),
    teamLimit: integer('team_limit').notNull().default(1),
    rules: text('rules').notNull().default(''),
    prizePoolInfo: text('prize_pool_info').notNull().default(''),
    host: text('host').notNull().default(''),
    game: text('game').notNull(),
    platforms: jsonb('platforms').$type<string[]>().notNull().default([]),
    featured: boolean('featured').notNull().default(false),
    allowSignups: boolean('allow_signups').notNull().default(true),
    allowScoreSubmission: boolean('allow_score_submission').notNull().default(true),
    status: tournamentStatusEnum('status').notNull().default('OPEN'),
    graphicUrl: text('graphic_url'),
    mapsAndModes: jsonb('maps_and_modes').$type<MapAndMode[]>().notNull().default([]),
    definedEntries: jsonb('defined_entries')
      .$type<DefinedEntries>()
      .notNull()
      .default({ definedUsers: [], definedTeams: [] }),
    winningEntryId: integer('winning_entry_id'),
    winningEntryName: text('winning_entry_name'),
    discordCleanedAt: ms('discord_cleaned_at'),
    /** Where Clutch announces this tournament (issue 25): a Discord webhook URL, its token a secret only staff set. */
    discordWebhookUrl: text('discord_webhook_url'),
    /**
     * Bumped by every transaction that locks the tournament for a change (`lockTournament`) and by changes to the
     * names, pictures and ranks of its players: the bracket read's ETag and cache key (docs/decisions.md,
     * "Bracket reads (issue 10)").
     */
    bracketVersion: integer('bracket_version').notNull().default(0),
    createdAt: ms('created_at').notNull().default(now),
  },
  (t) => [index('tournaments_status_idx').on(t.status), index('tournaments_start_idx').on(t.startDate)],
);

/** A team formed for one tournament (team types, and SWITCHEROO pairings). */
export const temporaryTeams = pgTable(
  'temporary_teams',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    logoUrl: text('logo_url'),
    captainId: integer('captain_id').references(() => users.id, { onDelete: 'set null' }),
    listOrder: integer('list_order').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    freeSubstitutes: jsonb('free_substitutes').$type<string[]>().notNull().default([]),
    locked: boolean('locked').notNull().default(false),
    createdAt: ms('created_at').notNull().default(now),
  },
  (t) => [index('temporary_teams_tournament_idx').on(t.tournamentId)],
);

export const temporaryTeamMembers = pgTable(
  'temporary_team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => temporaryTeams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    teamRole: teamRoleEnum('team_role').notNull().default('PLAYER'),
    slot: integer('slot').notNull().default(0),
    joinedAt: ms('joined_at').notNull().default(now),
  },
  // One team per user per tournament.
  (t) => [uniqueIndex('temporary_team_members_pk').on(t.tournamentId, t.userId), index('ttm_team_idx').on(t.teamId)],
);

export const temporaryTeamInvites = pgTable(
  'temporary_team_invites',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => temporaryTeams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: inviteStatusEnum('status').notNull().default('PENDING'),
    createdAt: ms('created_at').notNull().default(now),
  },
  (t) => [index('tti_user_idx').on(t.userId), index('tti_team_idx').on(t.teamId)],
);

/**
 * One entry of a tournament: a user (single-player and SWITCHEROO sign-ups), a temporary team
 * (team types), or a predefined name (definedEntries). `seed` is set when the bracket is generated.
 */
export const tournamentEntries = pgTable(
  'tournament_entries',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    temporaryTeamId: integer('temporary_team_id').references(() => temporaryTeams.id, { onDelete: 'cascade' }),
    definedName: text('defined_name'),
    seed: integer('seed'),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    paymentId: integer('payment_id'),
    refunded: boolean('refunded').notNull().default(false),
    createdAt: ms('created_at').notNull().default(now),
  },
  (t) => [
    index('tournament_entries_tournament_idx').on(t.tournamentId),
    uniqueIndex('tournament_entries_user_uq').on(t.tournamentId, t.userId),
    uniqueIndex('tournament_entries_team_uq').on(t.tournamentId, t.temporaryTeamId),
  ],
);

/**
 * A match of a tournament's double-elimination bracket, mirroring the engine's BracketMatch
 * (src/domain/bracket/types.ts) plus the two sides' reported scores.
 */
export const tournamentMatches = pgTable(
  'tournament_matches',
  {
    id: serial('id').primaryKey(),
    tournamentId: integer('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    matchNumber: integer('match_number').notNull(),
    roundName: text('round_name').notNull(),
    track: text('track').notNull(),
    round: integer('round').notNull(),
    position: integer('position').notNull(),
    /** Engine slot sources: 'seed' | 'winner' | 'loser' and the seed or match number. */
    sourceAKind: text('source_a_kind').notNull(),
    sourceARef: integer('source_a_ref').notNull(),
    sourceBKind: text('source_b_kind').notNull(),
    sourceBRef: integer('source_b_ref').notNull(),
    entryAId: integer('entry_a_id').references(() => tournamentEntries.id, { onDelete: 'set null' }),
    entryBId: integer('entry_b_id').references(() => tournamentEntries.id, { onDelete: 'set null' }),
    entryABye: boolean('entry_a_bye').notNull().default(false),
    entryBBye: boolean('entry_b_bye').notNull().default(false),
    live: boolean('live').notNull().default(true),
    entryAScoreA: integer('entry_a_score_a'),
    entryAScoreB: integer('entry_a_score_b'),
    entryBScoreA: integer('entry_b_score_a'),
    entryBScoreB: integer('entry_b_score_b'),
    /** Final score of the decided match (from agreement or admin). */
    scoreA: integer('score_a'),
    scoreB: integer('score_b'),
    winningEntry: text('winning_entry').notNull().default(''),
    dispute: boolean('dispute').notNull().default(false),
    /** True once wins/losses of entries were counted for this decided match. */
    recordsCounted: boolean('records_counted').notNull().default(false),
    dueByDate: ms('due_by_date'),
    updatedAt: ms('updated_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('tournament_matches_number_uq').on(t.tournamentId, t.matchNumber),
    index('tournament_matches_tournament_idx').on(t.tournamentId),
  ],
);

/** Payments through the configured provider (Stripe or the local test provider). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    /** Provider's id of the intent (Stripe's pi_...; local: lpi_...). */
    intentId: text('intent_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('eur'),
    /** What the payment buys: 'TOURNAMENT_ENTRY' | 'SEASON_ENTRY' | 'TRANSFER' | 'GUEST'. */
    purpose: text('purpose').notNull(),
    /** Purpose-specific data (tournamentId, teamOrUserId, name, ...). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    reference: text('reference'),
    status: paymentStatusEnum('status').notNull().default('REQUIRES_CONFIRMATION'),
    failureMessage: text('failure_message'),
    completedAt: ms('completed_at'),
    refundedAt: ms('refunded_at'),
    refundId: text('refund_id'),
    createdAt: ms('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('payments_intent_uq').on(t.provider, t.intentId)],
);

/** Uploaded images (logos, banners), stored in the database so PGlite and PostgreSQL behave alike. */
export const images = pgTable('images', {
  id: serial('id').primaryKey(),
  contentType: text('content_type').notNull(),
  data: text('data_base64').notNull(),
  createdAt: ms('created_at').notNull().default(now),
});

/** Site images managed in the admin portal (HOME_PAGE_BANNER, ...). */
export const siteImages = pgTable('site_images', {
  imageType: text('image_type').primaryKey(),
  url: text('url').notNull(),
});

/**
 * The audit log (issue 14): every staff change of a role, a user's record, a league team's record or a site image,
 * written in the same transaction as the change. `before`/`after` hold only the fields that changed; `targetName`
 * keeps the name the target had then (names change, and so would a join).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    action: text('action').$type<AuditAction>().notNull(),
    targetType: text('target_type').$type<AuditTargetType>().notNull(),
    targetId: text('target_id').notNull(),
    targetName: text('target_name').notNull(),
    before: jsonb('before').$type<AuditValues>(),
    after: jsonb('after').$type<AuditValues>(),
    createdAt: ms('created_at').notNull().default(now),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

/** Posts of the home page's social feed (the league's social account), newest first. */
export const socialPosts = pgTable('social_posts', {
  id: serial('id').primaryKey(),
  author: text('author').notNull(),
  handle: text('handle').notNull(),
  text: text('text').notNull(),
  url: text('url'),
  imageUrl: text('image_url'),
  postedAt: ms('posted_at').notNull(),
});

/** The public player cards page (staff add and delete them); the picture arrives in a second call. */
export const playerCards = pgTable(
  'player_cards',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    rank: integer('rank').notNull(),
    twitterHandle: text('twitter_handle').notNull(),
    pictureUrl: text('picture_url'),
    createdAt: ms('created_at').notNull().default(now),
  },
  (t) => [index('player_cards_rank_idx').on(t.rank, t.id)],
);

// ── Seasons (league play) ─────────────────────────────────────────────────────────────────────────────────────────

export const seasonTypeEnum = pgEnum('season_type', SEASON_TYPES);
export const seasonRoundTypeEnum = pgEnum('season_round_type', SEASON_ROUND_TYPES);
export const seasonMatchTypeEnum = pgEnum('season_match_type', SEASON_MATCH_TYPES);
export const matchPositionEnum = pgEnum('match_position', MATCH_POSITIONS);
export const winningTeamEnum = pgEnum('winning_team', WINNING_TEAMS);

export const seasons = pgTable(
  'seasons',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    startDate: ms('start_date').notNull(),
    /** Group Stage Weeks. */
    playoffWeeks: integer('playoff_weeks').notNull(),
    /** Euros, may have cents. */
    entryFeeCents: integer('entry_fee_cents').notNull().default(0),
    prizePoolInfo: text('prize_pool_info').notNull().default(''),
    seasonInfo: text('season_info').notNull().default(''),
    published: boolean('published').notNull().default(false),
    seasonType: seasonTypeEnum('season_type').notNull().default('OPEN'),
    round1DueBy: ms('round1_due_by').notNull(),
    round2DueBy: ms('round2_due_by').notNull(),
    losers1DueBy: ms('losers1_due_by').notNull(),
    losers2DueBy: ms('losers2_due_by').notNull(),
    losers3DueBy: ms('losers3_due_by').notNull(),
    winnersFinalDueBy: ms('winners_final_due_by').notNull(),
    losersFinalDueBy: ms('losers_final_due_by').notNull(),
    grandFinalDueBy: ms('grand_final_due_by').notNull(),
    /** Team counts per division as saved (zeros dropped), Division 1 first. */
    divisionSplits: jsonb('division_splits').$type<number[]>().notNull().default([]),
    /** Where Clutch announces this season (issue 25), like `tournaments.discordWebhookUrl`. */
    discordWebhookUrl: text('discord_webhook_url'),
    createdAt: ms('created_at').notNull().default(now),
  },
  (t) => [index('seasons_type_idx').on(t.seasonType), index('seasons_start_idx').on(t.startDate)],
);

/** Division 1, Division 2, … of a season, in split order (`position` 0 is Division 1, the strongest). */
export const seasonDivisions = pgTable(
  'season_divisions',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: ms('created_at').notNull().default(now),
  },
  (t) => [uniqueIndex('season_divisions_position_uq').on(t.seasonId, t.position)],
);

/** Group A and Group B of a division. */
export const seasonGroups = pgTable(
  'season_groups',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    divisionId: integer('division_id')
      .notNull()
      .references(() => seasonDivisions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('season_groups_name_uq').on(t.divisionId, t.name), index('season_groups_season_idx').on(t.seasonId)],
);

/**
 * A team in a season: its division and group once placed, its group-stage record (divisionWins/Losses, cleared
 * when the group stages start), its playoff seed, and what it paid (for refunds).
 */
export const seasonEntries = pgTable(
  'season_entries',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    divisionId: integer('division_id').references(() => seasonDivisions.id, { onDelete: 'set null' }),
    groupId: integer('group_id').references(() => seasonGroups.id, { onDelete: 'set null' }),
    divisionWins: integer('division_wins').notNull().default(0),
    divisionLosses: integer('division_losses').notNull().default(0),
    /** 1-based playoff seed within the division, set when the playoffs start. */
    seed: integer('seed'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    paidCents: integer('paid_cents').notNull().default(0),
    refunded: boolean('refunded').notNull().default(false),
    joinedAt: ms('joined_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('season_entries_team_uq').on(t.seasonId, t.teamId),
    index('season_entries_team_idx').on(t.teamId),
    index('season_entries_division_idx').on(t.divisionId),
    index('season_entries_group_idx').on(t.groupId),
  ],
);

/**
 * A league match: a group-stage round-robin match (groupId set, roundType GROUPS) or a playoff match of a
 * division's double elimination, mirroring the engine's BracketMatch like tournament_matches (number 1–15 for
 * eight teams, slot sources, byes, `live` for Grand Final 2). Teams are the season's teams; a playoff side still
 * to come from an earlier match is null.
 */
export const seasonMatches = pgTable(
  'season_matches',
  {
    id: serial('id').primaryKey(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    divisionId: integer('division_id')
      .notNull()
      .references(() => seasonDivisions.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => seasonGroups.id, { onDelete: 'cascade' }),
    matchType: seasonMatchTypeEnum('match_type').notNull(),
    roundType: seasonRoundTypeEnum('round_type').notNull(),
    /** Group stage: the 0-based round-robin round. Playoffs: the engine's 0-based column within its track. */
    round: integer('round').notNull().default(0),
    matchNumber: integer('match_number'),
    position: matchPositionEnum('position'),
    /** Playoffs only: the engine's track and slot sources ('seed' | 'winner' | 'loser' and the seed or match number). */
    track: text('track'),
    sourceAKind: text('source_a_kind'),
    sourceARef: integer('source_a_ref'),
    sourceBKind: text('source_b_kind'),
    sourceBRef: integer('source_b_ref'),
    teamAId: integer('team_a_id').references(() => teams.id, { onDelete: 'set null' }),
    teamBId: integer('team_b_id').references(() => teams.id, { onDelete: 'set null' }),
    teamABye: boolean('team_a_bye').notNull().default(false),
    teamBBye: boolean('team_b_bye').notNull().default(false),
    live: boolean('live').notNull().default(true),
    teamAScoreA: integer('team_a_score_a'),
    teamAScoreB: integer('team_a_score_b'),
    teamBScoreA: integer('team_b_score_a'),
    teamBScoreB: integer('team_b_score_b'),
    /** The result (team A's and team B's maps): the agreed reports, or what staff set; the reports stay as reported. */
    scoreA: integer('score_a'),
    scoreB: integer('score_b'),
    winningTeam: winningTeamEnum('winning_team'),
    dispute: boolean('dispute').notNull().default(false),
    /** True once the teams' records were counted for this decided match. */
    recordsCounted: boolean('records_counted').notNull().default(false),
    dueByDate: ms('due_by_date'),
    updatedAt: ms('updated_at').notNull().default(now),
  },
  (t) => [
    index('season_matches_season_idx').on(t.seasonId),
    index('season_matches_division_idx').on(t.divisionId),
    index('season_matches_group_idx').on(t.groupId),
    index('season_matches_team_a_idx').on(t.teamAId),
    index('season_matches_team_b_idx').on(t.teamBId),
    index('season_matches_due_idx').on(t.dueByDate),
    // Group matches have no number; PostgreSQL lets the NULLs repeat.
    uniqueIndex('season_matches_number_uq').on(t.divisionId, t.matchNumber),
  ],
);

// ── Transfers (issue 13) ──────────────────────────────────────────────────────────────────────────────────────────

export const transferStatusEnum = pgEnum('transfer_status', TRANSFER_STATUSES);

/**
 * A roster change of a league team in a season (transferMode) that waits for an admin: a player joining (addPlayer,
 * made when the player accepts the team's invite) or a member leaving (made when the captain removes them). Its
 * lifecycle is machines/transferRequestMachine.ts. Whoever asked pays when transfers are charged (`paymentId`).
 * At most one open request (awaiting payment, pending or rejected) per team and player.
 */
export const transferRequests = pgTable(
  'transfer_requests',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addPlayer: boolean('add_player').notNull(),
    status: transferStatusEnum('status').notNull().default('PENDING'),
    rejectedReason: text('rejected_reason'),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ms('created_at').notNull().default(now),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ms('decided_at'),
  },
  (t) => [
    index('transfer_requests_team_idx').on(t.teamId),
    index('transfer_requests_status_idx').on(t.status),
    uniqueIndex('transfer_requests_open_uq')
      .on(t.teamId, t.userId)
      .where(sql`${t.status} in ('AWAITING_PAYMENT', 'PENDING', 'REJECTED')`),
  ],
);

/**
 * Rate-limit counts shared by every instance (RATE_LIMIT_STORE=postgres, issue 24): one row per client key and
 * window. The migration creates it UNLOGGED (no WAL: counts need no durability, and a crash only empties them).
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  /** When the window ends (epoch ms, the database's clock, so instances agree). */
  resetAt: ms('reset_at').notNull(),
});

/**
 * The version of everything the public league and list reads show (issue 26): bumped once per committed transaction
 * that changes one of their tables (migration 0009's triggers, at commit), so a read cached under a version is
 * current exactly while the version is (server/services/publicReadCache.ts). One row, `public`.
 */
export const readVersions = pgTable('read_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

// ── Discord announcements (issue 25) ──────────────────────────────────────────────────────────────────────────────

/** What an announcement says, stored as written so a retry posts the same words (links are made absolute on sending). */
export type StoredAnnouncement = {
  title: string;
  description: string;
  /** The page the title links to, a path on PUBLIC_URL. */
  path: string;
  color: number;
  fields: { name: string; value: string; inline?: boolean }[];
};

/**
 * The outbox of Discord announcements: written in the transaction of the change that caused them (a bracket start, a
 * result, ...), sent by each instance's delivery worker (server/services/discordOutbox.ts), which claims rows with
 * FOR UPDATE SKIP LOCKED. `dedupeKey` names the event (`tournament-match:45:decided:A:3-1`), so one event is queued
 * once however many times its transaction's statements see it. Exactly one of `tournamentId` and `seasonId` is set:
 * the webhook is that tournament's or season's, read when sending.
 */
export const discordDeliveries = pgTable(
  'discord_deliveries',
  {
    id: serial('id').primaryKey(),
    dedupeKey: text('dedupe_key').notNull(),
    tournamentId: integer('tournament_id').references(() => tournaments.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id').references(() => seasons.id, { onDelete: 'cascade' }),
    event: text('event').$type<AnnouncementEvent>().notNull(),
    payload: jsonb('payload').$type<StoredAnnouncement>().notNull(),
    state: text('state').$type<DeliveryState>().notNull().default('PENDING'),
    /** Failed tries (a 429 waits without counting); the worker gives up after its maximum. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ms('next_attempt_at').notNull().default(now),
    /** While SENDING: when the claim lapses (an instance that stopped mid-send never reports back). */
    leaseUntil: ms('lease_until'),
    lastError: text('last_error'),
    createdAt: ms('created_at').notNull().default(now),
    deliveredAt: ms('delivered_at'),
  },
  (t) => [
    uniqueIndex('discord_deliveries_key_uq').on(t.dedupeKey),
    index('discord_deliveries_due_idx').on(t.state, t.nextAttemptAt),
    index('discord_deliveries_tournament_idx').on(t.tournamentId, t.id),
    index('discord_deliveries_season_idx').on(t.seasonId, t.id),
    check('discord_deliveries_one_scope', sql`(${t.tournamentId} is null) <> (${t.seasonId} is null)`),
  ],
);
