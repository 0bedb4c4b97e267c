/** Business constants of the spec (§9 of both documents). Shared by the SPA and the server. */

export const GAMES = ['CODVANGUARD', 'CODMW2', 'CODBOCOLDWAR', 'CODMW3', 'ROCKETLEAGUE'] as const;
export type Game = (typeof GAMES)[number];
export const GAME_LABELS: Record<Game, string> = {
  CODVANGUARD: 'Call of Duty: Vanguard',
  CODMW2: 'Call of Duty: Modern Warfare II',
  CODBOCOLDWAR: 'Call of Duty: Black Ops Cold War',
  CODMW3: 'Call of Duty: Modern Warfare III',
  ROCKETLEAGUE: 'Rocket League',
};

export const PLATFORMS = ['PC', 'XBOX', 'PLAYSTATION', 'BATTLENET'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_LABELS: Record<Platform, string> = {
  PC: 'PC',
  XBOX: 'Xbox',
  PLAYSTATION: 'PlayStation',
  BATTLENET: 'Battle.net',
};

export const ROLES = ['USER', 'ADMIN', 'OWNER'] as const;
export type Role = (typeof ROLES)[number];
export const TEAM_ROLES = ['PLAYER', 'CAPTAIN'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const TOURNAMENT_STATUSES = ['OPEN', 'CLOSED', 'ACTIVE', 'COMPLETED'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];
export const TOURNAMENT_TYPES = ['TOURNAMENT', 'SWITCHEROO'] as const;
export type TournamentType = (typeof TOURNAMENT_TYPES)[number];
export const SWITCHEROO_TYPES = ['SINGLES', 'DOUBLES'] as const;
export type SwitcherooType = (typeof SWITCHEROO_TYPES)[number];

export const SEASON_TYPES = ['OPEN', 'CLOSED', 'GROUP_STAGES', 'PLAYOFFS', 'COMPLETE'] as const;
export type SeasonType = (typeof SEASON_TYPES)[number];

/**
 * Which league matches are in play (can be reported and queue for staff) in each season state: group matches in
 * the group stages, playoff matches in the playoffs, none otherwise. The one declaration both the shared predicate
 * (src/domain/season/seasonMatchFacts.ts) and the server's SQL condition (server/services/seasonMatchQueries.ts)
 * derive from; a new season state must say what it plays here.
 */
export const SEASON_MATCHES_IN_PLAY: Readonly<Record<SeasonType, SeasonMatchType | null>> = {
  OPEN: null,
  CLOSED: null,
  GROUP_STAGES: 'GROUP_STAGE',
  PLAYOFFS: 'PLAYOFF',
  COMPLETE: null,
};

/** A transfer request's states (machines/transferRequestMachine.ts). */
export const TRANSFER_STATUSES = ['AWAITING_PAYMENT', 'PENDING', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** A team invite's (league or temporary team) states. */
export const INVITE_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED', 'CANCELLED'] as const;
/** A payment's states (Stripe's PaymentIntent, or a local payment). */
export const PAYMENT_STATUSES = ['REQUIRES_CONFIRMATION', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'CANCELLED'] as const;

export const NOTIFICATION_TYPES = ['INFO', 'WARNING', 'ERROR', 'SUCCESS'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const IMAGE_TYPES = [
  'HOME_PAGE_BANNER',
  'SEASON_IMAGE',
  'TOURNAMENT_IMAGE',
  'LEAGUE_INFO_IMAGE',
  'TITLE_LOGO',
  'LOGO',
] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

export const SCORE_MIN = 0;
export const SCORE_MAX = 3;

export const SWITCHEROO_SIGNUP_LIMITS = [16, 32, 40] as const;
export const TEAM_LIMITS = [1, 2, 3, 4] as const;
export const DEFAULT_SIGNUP_LIMIT = 16;
export const DEFAULT_TEAM_LIMIT = 1;
export const DEFAULT_SWITCHEROO_TYPE: SwitcherooType = 'SINGLES';
/** Slots of a team on the SWITCHEROO pairing screen: A to D for singles, A and B for doubles (spec: pairing screen). */
export const SWITCHEROO_PAIRING_SLOTS: Record<SwitcherooType, number> = { SINGLES: 4, DOUBLES: 2 };

/** Players a league team may hold (the spec sets no size; see docs/decisions.md, "League teams (issue 13)"). */
export const LEAGUE_TEAM_SIZE = 8;
export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** How many upcoming matches the team page shows per season (players-and-tournaments §9). */
export const UPCOMING_MATCHES_PER_SEASON = 3;
export const SOCIAL_FEED_POSTS = 3;

export const DEFAULT_PER_PAGE = 25;
export const DEFAULT_SERVER_PAGE_SIZE = 10;
export const PLAYER_CARDS_PAGE_SIZE = 20;
export const MAX_PAGE_BUTTONS = 5;
export const SEARCH_DEBOUNCE_MS = 500;

/** Dialog widths in px (spec §9: 600 when large, 400 otherwise); src/ui/AppModal applies them. */
export const MODAL_WIDTH = { large: 600, normal: 400 } as const;

export const NOTIFICATION_LIFETIME_MS = 5000;
export const NOTIFICATION_CHECK_MS = 1000;
export const MAX_AUTH_RETRIES = 3;


export const SEASON_ENTRY_CLOSES_DAYS_BEFORE = 3;
export const CURRENCY = 'eur';
export const DATE_FORMAT = 'dd/MM/yyyy';
export const DATE_TIME_FORMAT = 'dd/MM/yyyy HH:mm';

/** Payments, in euros. Stripe's smallest EUR charge is €0.50; the guest page takes at most €10,000. */
export const PAYMENT_MIN_EUROS = 0.5;
export const PAYMENT_MAX_EUROS = 10_000;
export const PAYMENT_REFERENCE_MAX = 120;
/** After confirming, the payment dialog checks the payment every 2 s for at most 20 s, then reports it as processing. */
export const PAYMENT_POLL_INTERVAL_MS = 2_000;
export const PAYMENT_POLL_TIMEOUT_MS = 20_000;
/** The local test provider's slow card stays PROCESSING this long (longer than the dialog polls), then succeeds. */
export const LOCAL_PROCESSING_MS = 30_000;

export type LocalCardOutcome = 'succeeds' | 'declined' | 'insufficientFunds' | 'processing';
/** The local test provider's cards (Stripe's test numbers where Stripe has one; any other number is invalid). */
export const LOCAL_TEST_CARDS: readonly { number: string; outcome: LocalCardOutcome; label: string }[] = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds', label: 'Succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'declined', label: 'Declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds', label: 'Insufficient funds' },
  { number: '4000 0000 0000 4444', outcome: 'processing', label: 'Slow bank: processing for 30 s, then succeeds' },
];

/** Season match round types (seasons-and-admin §3); GROUPS for group-stage matches, the rest name playoff rounds. */
export const SEASON_ROUND_TYPES = [
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
export type SeasonRoundType = (typeof SEASON_ROUND_TYPES)[number];
/** A division's stage (seasons-and-admin §3 Division.divisionType). */
export const DIVISION_TYPES = [
  'GROUPS',
  'ROUND1',
  'ROUND2',
  'LOSERSROUND2',
  'LOSERSROUND3',
  'WINNERSFINAL',
  'LOSERSFINAL',
  'GRANDFINAL',
] as const;
export type DivisionType = (typeof DIVISION_TYPES)[number];
/** A playoff match's row within its round, top to bottom (Round 1 has four). */
export const MATCH_POSITIONS = ['FIRST', 'SECOND', 'THIRD', 'FOURTH'] as const;
export type MatchPosition = (typeof MATCH_POSITIONS)[number];
/** The spec names the matchType field without values: see docs/decisions.md, Seasons. */
export const SEASON_MATCH_TYPES = ['GROUP_STAGE', 'PLAYOFF'] as const;
export type SeasonMatchType = (typeof SEASON_MATCH_TYPES)[number];
export const WINNING_TEAMS = ['TeamA', 'TeamB'] as const;
export type WinningTeam = (typeof WINNING_TEAMS)[number];
export const GROUP_NAMES = ['Group A', 'Group B'] as const;
/** The top four of each group go to the division's 8-team double elimination (15 numbered matches). */
export const PLAYOFF_TEAMS_PER_GROUP = 4;
export const DIVISION_MIN_TEAMS = 2;
/** Members besides the captain a team needs to join a season ("at least 1 team member"). */
export const SEASON_MIN_TEAM_MEMBERS = 1;
export const SEASON_MAX_GROUP_STAGE_WEEKS = 52;

/** Test Elo: existing ranks per side (seasons-and-admin §9). */
export const TEST_ELO_PLAYERS_PER_SIDE = 6;

/** The staff queues of matches that need someone (admin portal): disputed, incomplete (one side reported), overdue. */
export const MATCH_QUEUE_KINDS = ['dispute', 'incomplete', 'overdue'] as const;
export type MatchQueueKind = (typeof MATCH_QUEUE_KINDS)[number];
