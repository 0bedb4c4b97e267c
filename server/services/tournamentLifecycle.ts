import { and, eq, isNotNull } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { temporaryTeams, tournaments, type MapAndMode } from '../db/schema';
import { badRequest, conflict } from '../http/errors';
import { deleteImageIfUnused, saveImage } from '../storage/images';
import { generateTournamentBracket } from './brackets';
import { announceBracketStarted } from './announcements';
import { yieldTurn } from './bracketStore';
import { cleanUpTournamentDiscord } from './discord';
import { activeEntryCount, getTournament, lockTournament, type TournamentRow } from './tournamentStore';
import { tournamentRoundNames } from './tournamentQueries';
import { auditTargets, recordAudit, type AuditActor } from './auditLog';
import {
  checkDates,
  checkSignUpLimit,
  cleanDefinedEntries,
  fieldColumns,
  MAX_DEFINED_ENTRIES,
  tournamentValues,
} from './tournamentForm';
import { assertTournamentTransition, type TournamentEventType } from '../../machines/rules/tournamentMachine';
import type { TournamentStepAction } from '../../machines/rules/tournamentActions';
import type { TournamentCreate, TournamentPatch } from '../../src/api/contract/tournament';
import { EDITABLE_TOURNAMENT_FIELDS } from '../../src/api/contract/tournamentFields';
import { ERRORS, SERVER, TOURNAMENT_ERRORS } from '../../src/domain/messages';
import { hasStarted } from '../../src/domain/tournamentRules';

/* Tournament commands: create, edit, maps and modes, the lifecycle moves, logo and deletion; each audited (issue 26). */

const missingRounds = (maps: MapAndMode[], rounds: string[]) =>
  rounds.filter((round) => !maps.some((m) => m.roundName === round && m.value.trim() !== ''));

export async function createTournament(db: Db, form: TournamentCreate, actor: AuditActor): Promise<number> {
  const values = tournamentValues(form);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(tournaments).values(values).returning();
    await recordAudit(tx, { actorId: actor.id, action: 'TOURNAMENT_CREATED', target: auditTargets.tournament(row), before: {}, after: { title: row.title, status: row.status } });
    return row.id;
  });
}

/**
 * PATCH /v1/tournament/{id}, three shapes: `mapsAndModes` alone; edit-form fields (create-only fields ignored);
 * or the full tournament plus `definedEntries` (its echoed `mapsAndModes` are then ignored).
 */
export async function updateTournament(db: Db, id: number, patch: TournamentPatch, actor: AuditActor): Promise<void> {
  const formKeys = EDITABLE_TOURNAMENT_FIELDS.filter((k) => patch[k] !== undefined);
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, id);
    if (patch.mapsAndModes !== undefined && patch.definedEntries === undefined && formKeys.length === 0) {
      const mapsAndModes = await saveMapsAndModes(tx, t, patch.mapsAndModes);
      await recordAudit(tx, { actorId: actor.id, action: 'TOURNAMENT_EDITED', target: auditTargets.tournament(t), before: t, after: { mapsAndModes } });
      return;
    }
    assertTournamentTransition(t.status, 'tournament.edit');
    const changes = fieldColumns(Object.fromEntries(formKeys.map((k) => [k, patch[k]])));
    if (patch.signUpLimit !== undefined) {
      checkSignUpLimit(t.tournamentType, patch.signUpLimit);
      const entries = await activeEntryCount(tx, t);
      if (patch.signUpLimit < entries) throw conflict(TOURNAMENT_ERRORS.signUpLimitBelowEntries(entries));
    }
    checkDates({
      startDate: changes.startDate ?? t.startDate,
      endDate: changes.endDate ?? t.endDate,
      signUpClose: changes.signUpClose ?? t.signUpClose,
    });
    if (patch.definedEntries !== undefined) {
      if (hasStarted(t)) throw conflict(TOURNAMENT_ERRORS.definedEntriesStarted);
      const defined = cleanDefinedEntries(patch.definedEntries);
      if (defined.definedUsers.length + defined.definedTeams.length > MAX_DEFINED_ENTRIES) {
        throw badRequest(`A tournament can have at most ${MAX_DEFINED_ENTRIES} predefined entries`);
      }
      changes.definedEntries = defined;
    }
    if (Object.keys(changes).length > 0) await tx.update(tournaments).set(changes).where(eq(tournaments.id, id));
    await recordAudit(tx, { actorId: actor.id, action: 'TOURNAMENT_EDITED', target: auditTargets.tournament(t), before: t, after: changes });
  });
}

/** Maps and modes: never while OPEN; one non-blank value per round of the bracket. */
async function saveMapsAndModes(tx: Tx, t: TournamentRow, maps: MapAndMode[]): Promise<MapAndMode[]> {
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
  return ordered;
}

// ---------------------------------------------------------------------------------------------------------------
// Lifecycle

/** Close or reopen: a status change the lifecycle machine must allow. */
export async function moveTournament(db: Db, id: number, eventType: Extract<TournamentEventType, 'tournament.close' | 'tournament.open'>, actor: AuditActor) {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, id);
    const status = assertTournamentTransition(t.status, eventType);
    await tx.update(tournaments).set({ status }).where(eq(tournaments.id, id));
    await recordAudit(tx, { actorId: actor.id, action: 'TOURNAMENT_STATUS_CHANGED', target: auditTargets.tournament(t), before: t, after: { status } });
  });
}

/**
 * CLOSED → ACTIVE: every round needs a map and mode, then the bracket is generated from the entries in the same
 * transaction (a tournament closed while ACTIVE keeps its bracket when its entrants did not change).
 */
export async function startTournament(db: Db, id: number, actor: AuditActor) {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, id);
    const status = assertTournamentTransition(t.status, 'tournament.start');
    await yieldTurn();
    if (missingRounds(t.mapsAndModes, await tournamentRoundNames(tx, t)).length > 0) throw conflict(ERRORS.mapsUndefined.title);
    await yieldTurn();
    const generated = await generateTournamentBracket(tx, id);
    // The generated bracket is the truth: its rounds must all have a map and mode too (else nothing is kept). A new
    // bracket's rounds are read off it (in match-number order, as `tournamentRoundNames` reads them back).
    const rounds = generated ? [...new Set(generated.matches.map((m) => m.roundName))] : await tournamentRoundNames(tx, t);
    if (missingRounds(t.mapsAndModes, rounds).length > 0) throw conflict(ERRORS.mapsUndefined.title);
    await tx.update(tournaments).set({ status }).where(eq(tournaments.id, id));
    await recordAudit(tx, { actorId: actor.id, action: 'TOURNAMENT_STATUS_CHANGED', target: auditTargets.tournament(t), before: t, after: { status } });
    // A restart that kept its bracket (same entrants) is not news.
    if (generated) await announceBracketStarted(tx, t);
  });
}

export async function setTournamentLogo(db: Db, id: number, image: { data: Buffer; contentType: string }, actor: AuditActor) {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, id);
    assertTournamentTransition(t.status, 'tournament.edit');
    const url = await saveImage(tx, image.data, image.contentType);
    await tx.update(tournaments).set({ graphicUrl: url }).where(eq(tournaments.id, id));
    await deleteImageIfUnused(tx, t.graphicUrl);
    await recordAudit(tx, { actorId: actor.id, action: 'TOURNAMENT_EDITED', target: auditTargets.tournament(t), before: t, after: { graphicUrl: url } });
  });
}

/**
 * Deletes a tournament and everything of it (entries, temporary teams, matches, uploaded logos). With a Discord bot
 * configured its channels and roles go first: if Discord fails, nothing is deleted and the admin can retry.
 */
export async function deleteTournament(db: Db, config: Config, id: number, actor: AuditActor) {
  const t = await getTournament(db, id);
  assertTournamentTransition(t.status, 'tournament.delete');
  if (config.discordBot) await cleanUpTournamentDiscord(config.discordBot, id);
  await db.transaction(async (tx) => {
    const locked = await lockTournament(tx, id);
    const teamLogos = await tx
      .select({ logoUrl: temporaryTeams.logoUrl })
      .from(temporaryTeams)
      .where(and(eq(temporaryTeams.tournamentId, id), isNotNull(temporaryTeams.logoUrl)));
    await tx.delete(tournaments).where(eq(tournaments.id, id));
    await deleteImageIfUnused(tx, locked.graphicUrl);
    for (const { logoUrl } of teamLogos) await deleteImageIfUnused(tx, logoUrl);
    await recordAudit(tx, { actorId: actor.id, action: 'TOURNAMENT_DELETED', target: auditTargets.tournament(locked), before: { status: locked.status }, after: { status: 'DELETED' } });
  });
}

/** Discord clean-up of a COMPLETED tournament: 409 when the lifecycle refuses it or no bot is configured. */
export async function cleanTournamentDiscord(db: Db, config: Config, id: number, actor: AuditActor) {
  const t = await getTournament(db, id);
  assertTournamentTransition(t.status, 'tournament.cleanDiscord');
  if (!config.discordBot) throw conflict(SERVER.discordNotConfigured);
  const removed = await cleanUpTournamentDiscord(config.discordBot, id);
  const discordCleanedAt = config.now();
  await db.transaction(async (tx) => {
    await tx.update(tournaments).set({ discordCleanedAt }).where(eq(tournaments.id, id));
    await recordAudit(tx, { actorId: actor.id, action: 'DISCORD_CLEANED', target: auditTargets.tournament(t), before: t, after: { discordCleanedAt } });
  });
  return removed;
}

/** The service of each POST step of the tournament action table (machines/tournamentActions.ts): a missing one does not compile. */
export const TOURNAMENT_STEPS: Record<TournamentStepAction, (db: Db, id: number, actor: AuditActor) => Promise<void>> = {
  close: (db, id, actor) => moveTournament(db, id, 'tournament.close', actor),
  open: (db, id, actor) => moveTournament(db, id, 'tournament.open', actor),
};
