import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import {
  teams,
  temporaryTeamMembers,
  temporaryTeams,
  tournamentEntries,
  tournamentMatches,
  tournaments,
  users,
  type DefinedEntries,
  type MapAndMode,
} from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { parse } from '../http/validate';
import { deleteImageByUrl, saveImage } from '../storage/images';
import { generateTournamentBracket } from './brackets';
import { cleanUpTournamentDiscord } from './discord';
import { likePattern } from './users';
import type { TournamentRow } from './tournamentView';
import { assertTournamentTransition, type TournamentEventType } from '../../machines/tournamentMachine';
import { TournamentCreate, TournamentPatch, URL_PATTERN } from '../../src/api/contract/tournament';
import {
  GAMES,
  SWITCHEROO_SIGNUP_LIMITS,
  TEAM_LIMITS,
  DEFAULT_SIGNUP_LIMIT,
  DEFAULT_TEAM_LIMIT,
  DEFAULT_SWITCHEROO_TYPE,
  type Game,
  type TournamentType,
} from '../../src/domain/constants';
import { ERRORS, SERVER, TOURNAMENT_ERRORS, VALIDATION } from '../../src/domain/messages';
import { teamSize } from '../../src/domain/tournamentRules';
import { generateBracket } from '../../src/domain/bracket/generateBracket';

const DAY = 86_400_000;
/** Sign-up limits a TOURNAMENT (not SWITCHEROO) may have; the form does not offer the field, so 16 is the usual value. */
const TOURNAMENT_SIGNUP_LIMIT = { min: 2, max: 4096 } as const;
const MAX_ENTRY_FEE_EUROS = 10_000;
const MAX_DEFINED_ENTRIES = 4096;

// ---------------------------------------------------------------------------------------------------------------
// Reading

export async function getTournamentRow(db: Db | Tx, id: number): Promise<TournamentRow> {
  const [row] = await db.select().from(tournaments).where(eq(tournaments.id, id));
  if (!row) throw notFound(TOURNAMENT_ERRORS.notFound);
  return row;
}

/** The tournament row, locked for the rest of the transaction (lifecycle changes and sign-ups serialise on it). */
export async function lockTournament(tx: Tx, id: number): Promise<TournamentRow> {
  const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id)).for('update');
  if (!row) throw notFound(TOURNAMENT_ERRORS.notFound);
  return row;
}

/** Admin table: every tournament, newest first, searchable by title. */
export async function listTournaments(db: Db, opts: { offset: number; perPage: number; search: string }) {
  const where = opts.search ? ilike(tournaments.title, likePattern(opts.search)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(tournaments).where(where).orderBy(desc(tournaments.createdAt), desc(tournaments.id)).limit(opts.perPage).offset(opts.offset),
    db.select({ total: count() }).from(tournaments).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** Upcoming: OPEN or CLOSED tournaments whose end date has not passed, soonest first. */
export async function upcomingTournaments(db: Db, opts: { game?: Game; now: number }) {
  return db
    .select()
    .from(tournaments)
    .where(
      and(
        inArray(tournaments.status, ['OPEN', 'CLOSED']),
        // endDate is a day: the tournament is upcoming until that day is over.
        gt(tournaments.endDate, opts.now - DAY),
        opts.game ? eq(tournaments.game, opts.game) : undefined,
      ),
    )
    .orderBy(asc(tournaments.startDate), asc(tournaments.id));
}

/** The all-tournaments page: every tournament, latest start first. */
export async function allTournaments(db: Db, opts: { offset: number; perPage: number }) {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(tournaments).orderBy(desc(tournaments.startDate), desc(tournaments.id)).limit(opts.perPage).offset(opts.offset),
    db.select({ total: count() }).from(tournaments),
  ]);
  return { rows, total: Number(total) };
}

/** Completed tournaments with a winner, latest first (a predefined winner has a name but no id to link to). */
export async function hallOfFame(db: Db) {
  return db
    .select({
      id: tournaments.id,
      title: tournaments.title,
      tournamentType: tournaments.tournamentType,
      teamLimit: tournaments.teamLimit,
      endDate: tournaments.endDate,
      winningEntryId: tournaments.winningEntryId,
      winningEntryName: tournaments.winningEntryName,
    })
    .from(tournaments)
    .where(and(eq(tournaments.status, 'COMPLETED'), isNotNull(tournaments.winningEntryName)))
    .orderBy(desc(tournaments.endDate), desc(tournaments.id));
}

/** Tournaments a player entered, alone or through a temporary team: past (COMPLETED) or active (the others). */
export async function userTournaments(db: Db, userId: number, which: 'past' | 'active') {
  const [player] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!player) throw notFound(TOURNAMENT_ERRORS.playerNotFound);
  const solo = db
    .select({ id: tournamentEntries.tournamentId })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.userId, userId), eq(tournamentEntries.refunded, false)));
  const viaTeam = db
    .select({ id: tournamentEntries.tournamentId })
    .from(tournamentEntries)
    .innerJoin(temporaryTeamMembers, eq(temporaryTeamMembers.teamId, tournamentEntries.temporaryTeamId))
    .where(and(eq(temporaryTeamMembers.userId, userId), eq(tournamentEntries.refunded, false)));
  const entered = or(inArray(tournaments.id, solo), inArray(tournaments.id, viaTeam));
  return which === 'past'
    ? db
        .select()
        .from(tournaments)
        .where(and(entered, eq(tournaments.status, 'COMPLETED')))
        .orderBy(desc(tournaments.endDate), desc(tournaments.id))
    : db
        .select()
        .from(tournaments)
        .where(and(entered, ne(tournaments.status, 'COMPLETED')))
        .orderBy(asc(tournaments.startDate), asc(tournaments.id));
}

// ---------------------------------------------------------------------------------------------------------------
// Rounds, maps and modes

/** Round names of a bracket for `entrants` entrants, in play order (the engine's naming). */
export function roundNamesFor(entrants: number): string[] {
  const names = new Set<string>();
  for (const m of generateBracket(Math.max(2, entrants)).matches) names.add(m.roundName);
  return [...names];
}

/**
 * Entrants the bracket will have if the tournament starts now, counted the way `generateTournamentBracket` picks them:
 * player entries (single-player), team entries (team TOURNAMENTs), the paired teams (SWITCHEROO), plus the
 * predefined names.
 */
export async function expectedEntrantCount(db: Db | Tx, t: TournamentRow): Promise<number> {
  const defined = cleanDefinedEntries(t.definedEntries);
  const predefined = defined.definedUsers.length + defined.definedTeams.length;
  if (t.tournamentType === 'SWITCHEROO') {
    const [row] = await db
      .select({ n: sql<number>`count(distinct ${temporaryTeamMembers.teamId})::int` })
      .from(temporaryTeamMembers)
      .where(eq(temporaryTeamMembers.tournamentId, t.id));
    return Number(row?.n ?? 0) + predefined;
  }
  const [row] = await db
    .select({ n: count() })
    .from(tournamentEntries)
    .where(
      and(
        eq(tournamentEntries.tournamentId, t.id),
        eq(tournamentEntries.refunded, false),
        teamSize(t) > 1 ? isNotNull(tournamentEntries.temporaryTeamId) : isNotNull(tournamentEntries.userId),
      ),
    );
  return Number(row?.n ?? 0) + predefined;
}

/** The rounds that need a map and mode: those of the stored bracket, else those the entries would make. */
export async function tournamentRoundNames(db: Db | Tx, t: TournamentRow): Promise<string[]> {
  const stored = await db
    .select({ roundName: tournamentMatches.roundName })
    .from(tournamentMatches)
    .where(eq(tournamentMatches.tournamentId, t.id))
    .groupBy(tournamentMatches.roundName)
    .orderBy(sql`min(${tournamentMatches.matchNumber})`);
  if (stored.length > 0) return stored.map((r) => r.roundName);
  return roundNamesFor(await expectedEntrantCount(db, t));
}

const missingRounds = (maps: MapAndMode[], rounds: string[]) =>
  rounds.filter((round) => !maps.some((m) => m.roundName === round && m.value.trim() !== ''));

// ---------------------------------------------------------------------------------------------------------------
// The admin form

type CreateInput = Omit<TournamentCreate, 'entryFee'> & { entryFee: number };

/** The spec's message per form field; "rules" says "Please input a valid url" once something was typed. */
function formMessages(body: unknown): Record<string, string> {
  const b = (body ?? {}) as Record<string, unknown>;
  const { rulesUrl, ...messages } = VALIDATION.tournament;
  const rules = typeof b.rules === 'string' && b.rules.trim() !== '' && !URL_PATTERN.test(b.rules.trim()) ? rulesUrl : messages.rules;
  return { ...messages, rules, mapsAndModes: ERRORS.mapsUndefined.message };
}

function checkEntryFee(body: unknown) {
  const fee = (body as Record<string, unknown> | null)?.entryFee;
  if (typeof fee !== 'number' || !Number.isFinite(fee)) return;
  if (fee < 0) throw badRequest(TOURNAMENT_ERRORS.entryFeeNegative);
  if (fee > MAX_ENTRY_FEE_EUROS) throw badRequest(TOURNAMENT_ERRORS.entryFeeTooHigh);
}

function checkSignUpLimit(type: TournamentType, limit: number) {
  const ok =
    type === 'SWITCHEROO'
      ? (SWITCHEROO_SIGNUP_LIMITS as readonly number[]).includes(limit)
      : limit >= TOURNAMENT_SIGNUP_LIMIT.min && limit <= TOURNAMENT_SIGNUP_LIMIT.max;
  if (!ok) throw badRequest(VALIDATION.tournament.signUpLimit);
}

function checkDates(d: { startDate: number; endDate: number; signUpClose: number }) {
  if (d.endDate < d.startDate) throw badRequest(TOURNAMENT_ERRORS.endBeforeStart);
  if (d.signUpClose > d.startDate + DAY) throw badRequest(TOURNAMENT_ERRORS.signUpCloseTooLate);
}

/** Validates the create form with the spec's messages and applies the defaults (16, 1, SINGLES). */
export function parseTournamentCreate(body: unknown) {
  checkEntryFee(body);
  const input: CreateInput = parse(TournamentCreate, body, formMessages(body));
  const switcherooType = input.switcherooType ?? DEFAULT_SWITCHEROO_TYPE;
  const signUpLimit = input.signUpLimit ?? DEFAULT_SIGNUP_LIMIT;
  checkSignUpLimit(input.tournamentType, signUpLimit);
  let teamLimit = input.teamLimit ?? DEFAULT_TEAM_LIMIT;
  if (input.tournamentType === 'TOURNAMENT') {
    if (!(TEAM_LIMITS as readonly number[]).includes(teamLimit)) throw badRequest(VALIDATION.tournament.teamLimit);
  } else {
    // A SWITCHEROO is played by paired teams; teamLimit records their size so "teamLimit > 1" means "a team won".
    teamLimit = teamSize({ tournamentType: 'SWITCHEROO', switcherooType, teamLimit });
  }
  checkDates(input);
  return {
    title: input.title.trim(),
    subTitle: input.subTitle.trim(),
    description: input.description.trim(),
    entryFeeCents: Math.round(input.entryFee * 100),
    startDate: input.startDate,
    startTime: input.startTime,
    endDate: input.endDate,
    signUpClose: input.signUpClose,
    tournamentType: input.tournamentType,
    switcherooType,
    signUpLimit,
    teamLimit,
    rules: input.rules.trim(),
    prizePoolInfo: input.prizePoolInfo.trim(),
    host: input.host.trim(),
    game: input.game,
    platforms: [...new Set(input.platforms)],
    featured: input.featured ?? false,
    allowSignups: input.allowSignups ?? true,
    allowScoreSubmission: input.allowScoreSubmission ?? true,
  } satisfies typeof tournaments.$inferInsert;
}

export async function createTournament(db: Db, body: unknown): Promise<number> {
  const values = parseTournamentCreate(body);
  const [row] = await db.insert(tournaments).values(values).returning({ id: tournaments.id });
  return row.id;
}

/** Trimmed predefined entries without blank names. */
export function cleanDefinedEntries(entries: DefinedEntries): DefinedEntries {
  return {
    definedUsers: entries.definedUsers.map((u) => ({ name: u.name.trim() })).filter((u) => u.name !== ''),
    definedTeams: entries.definedTeams
      .map((t) => ({ name: t.name.trim(), definedMembers: t.definedMembers.map((m) => m.trim()).filter((m) => m !== '') }))
      .filter((t) => t.name !== ''),
  };
}

const FORM_FIELDS = [
  'title',
  'subTitle',
  'description',
  'startDate',
  'startTime',
  'endDate',
  'signUpClose',
  'signUpLimit',
  'rules',
  'prizePoolInfo',
  'host',
  'game',
  'platforms',
  'featured',
  'allowSignups',
  'allowScoreSubmission',
] as const;

/**
 * PATCH /v1/tournament/{id}, three shapes: `mapsAndModes` alone; edit-form fields (create-only fields ignored);
 * or the full tournament plus `definedEntries` (its echoed `mapsAndModes` are then ignored).
 */
export async function updateTournament(db: Db, id: number, body: unknown): Promise<void> {
  const patch = parse(TournamentPatch, body, formMessages(body));
  const formKeys = FORM_FIELDS.filter((k) => patch[k] !== undefined);
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, id);
    if (patch.mapsAndModes !== undefined && patch.definedEntries === undefined && formKeys.length === 0) {
      await saveMapsAndModes(tx, t, patch.mapsAndModes);
      return;
    }
    assertTournamentTransition(t.status, 'tournament.edit');
    const changes: Partial<typeof tournaments.$inferInsert> = {};
    for (const key of formKeys) {
      const value = patch[key];
      (changes as Record<string, unknown>)[key] = typeof value === 'string' ? value.trim() : value;
    }
    if (patch.platforms) changes.platforms = [...new Set(patch.platforms)];
    if (patch.signUpLimit !== undefined) {
      checkSignUpLimit(t.tournamentType, patch.signUpLimit);
      const entries = await activeEntryCount(tx, t.id);
      if (patch.signUpLimit < entries) throw conflict(TOURNAMENT_ERRORS.signUpLimitBelowEntries(entries));
    }
    checkDates({
      startDate: changes.startDate ?? t.startDate,
      endDate: changes.endDate ?? t.endDate,
      signUpClose: changes.signUpClose ?? t.signUpClose,
    });
    if (patch.definedEntries !== undefined) {
      if (t.status === 'ACTIVE' || t.status === 'COMPLETED') throw conflict(TOURNAMENT_ERRORS.definedEntriesStarted);
      const defined = cleanDefinedEntries(patch.definedEntries);
      if (defined.definedUsers.length + defined.definedTeams.length > MAX_DEFINED_ENTRIES) {
        throw badRequest(`A tournament can have at most ${MAX_DEFINED_ENTRIES} predefined entries`);
      }
      changes.definedEntries = defined;
    }
    if (Object.keys(changes).length > 0) await tx.update(tournaments).set(changes).where(eq(tournaments.id, id));
  });
}

/** Maps and modes: never while OPEN; one non-blank value per round of the bracket. */
async function saveMapsAndModes(tx: Tx, t: TournamentRow, maps: MapAndMode[]) {
  if (t.status === 'OPEN') throw conflict(ERRORS.mapsWhileOpen.title);
  assertTournamentTransition(t.status, 'tournament.editMaps');
  const rounds = await tournamentRoundNames(tx, t);
  const byRound = new Map(maps.map((m) => [m.roundName.trim(), m.value.trim()]));
  const cleaned = [...byRound].map(([roundName, value]) => ({ roundName, value }));
  if (missingRounds(cleaned, rounds).length > 0) throw badRequest(ERRORS.mapsUndefined.message);
  // Bracket order first; values for rounds the bracket no longer has are kept after them.
  const ordered = [
    ...rounds.map((roundName) => ({ roundName, value: byRound.get(roundName)! })),
    ...cleaned.filter((m) => !rounds.includes(m.roundName)),
  ];
  await tx.update(tournaments).set({ mapsAndModes: ordered }).where(eq(tournaments.id, t.id));
}

async function activeEntryCount(db: Db | Tx, tournamentId: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), eq(tournamentEntries.refunded, false)));
  return Number(n);
}

// ---------------------------------------------------------------------------------------------------------------
// Lifecycle

/** Close or reopen: a status change the lifecycle machine must allow. */
export async function moveTournament(db: Db, id: number, eventType: Extract<TournamentEventType, 'tournament.close' | 'tournament.open'>) {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, id);
    const status = assertTournamentTransition(t.status, eventType);
    await tx.update(tournaments).set({ status }).where(eq(tournaments.id, id));
  });
}

/**
 * CLOSED → ACTIVE: every round needs a map and mode, then the bracket is generated from the entries in the same
 * transaction (a tournament closed while ACTIVE keeps its bracket when its entrants did not change).
 */
export async function startTournament(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, id);
    const status = assertTournamentTransition(t.status, 'tournament.start');
    if (missingRounds(t.mapsAndModes, await tournamentRoundNames(tx, t)).length > 0) throw conflict(ERRORS.mapsUndefined.title);
    await generateTournamentBracket(tx, id);
    // The generated bracket is the truth: its rounds must all have a map and mode too (else nothing is kept).
    if (missingRounds(t.mapsAndModes, await tournamentRoundNames(tx, t)).length > 0) throw conflict(ERRORS.mapsUndefined.title);
    await tx.update(tournaments).set({ status }).where(eq(tournaments.id, id));
  });
}

export async function setTournamentLogo(db: Db, id: number, image: { data: Buffer; contentType: string }) {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, id);
    assertTournamentTransition(t.status, 'tournament.edit');
    const url = await saveImage(tx, image.data, image.contentType);
    await tx.update(tournaments).set({ graphicUrl: url }).where(eq(tournaments.id, id));
    await deleteImageByUrl(tx, t.graphicUrl);
  });
}

/**
 * Deletes a tournament and everything of it (entries, temporary teams, matches, uploaded logos). With a Discord bot
 * configured its channels and roles go first: if Discord fails, nothing is deleted and the admin can retry.
 */
export async function deleteTournament(db: Db, config: Config, id: number) {
  const t = await getTournamentRow(db, id);
  assertTournamentTransition(t.status, 'tournament.delete');
  if (config.discordBot) await cleanUpTournamentDiscord(config.discordBot, id);
  await db.transaction(async (tx) => {
    const locked = await lockTournament(tx, id);
    const teamLogos = await tx
      .select({ logoUrl: temporaryTeams.logoUrl })
      .from(temporaryTeams)
      .where(and(eq(temporaryTeams.tournamentId, id), isNotNull(temporaryTeams.logoUrl)));
    await tx.delete(tournaments).where(eq(tournaments.id, id));
    await deleteImageByUrl(tx, locked.graphicUrl);
    for (const { logoUrl } of teamLogos) await deleteUnusedLogo(tx, logoUrl);
  });
}

/** Deletes an uploaded logo unless a team or a temporary team still shows it (demo tournament teams share logos). */
export async function deleteUnusedLogo(tx: Tx, logoUrl: string | null) {
  if (!logoUrl) return;
  const [team] = await tx.select({ id: teams.id }).from(teams).where(eq(teams.logoUrl, logoUrl)).limit(1);
  const [temporary] = await tx.select({ id: temporaryTeams.id }).from(temporaryTeams).where(eq(temporaryTeams.logoUrl, logoUrl)).limit(1);
  if (!team && !temporary) await deleteImageByUrl(tx, logoUrl);
}

/** Discord clean-up of a COMPLETED tournament: 409 when the lifecycle refuses it or no bot is configured. */
export async function cleanTournamentDiscord(db: Db, config: Config, id: number) {
  const t = await getTournamentRow(db, id);
  assertTournamentTransition(t.status, 'tournament.cleanDiscord');
  if (!config.discordBot) throw conflict(SERVER.discordNotConfigured);
  const removed = await cleanUpTournamentDiscord(config.discordBot, id);
  await db.update(tournaments).set({ discordCleanedAt: config.now() }).where(eq(tournaments.id, id));
  return removed;
}

/** `?game=` of the upcoming list, validated against the fixed list. */
export function gameQuery(value: unknown): Game | undefined {
  if (value === undefined || value === '' || value === 'ALL') return undefined;
  if (typeof value !== 'string' || !(GAMES as readonly string[]).includes(value)) throw badRequest(TOURNAMENT_ERRORS.invalidGame);
  return value as Game;
}

