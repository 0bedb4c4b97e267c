import { count, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { seasonEntries, seasons } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { cleanUpSeasonDiscord } from './discord';
import { announceSeasonStage } from './announcements';
import { syncTransferMode, teamsOfSeason } from './transfers';
import { auditTargets, recordAudit, type AuditActor } from './auditLog';
import { getSeasonRow, getDivisionRow, lockSeason, seasonValues, SEASON_SERVER_ERRORS, type SeasonRow } from './seasonStore';
import {
  createGroupStages,
  createPlayoffs,
  loadDivisionBracket,
  placeTeams,
  removePlayoffs,
  resetDivisionBracket,
  undecidedDivisions,
} from './seasonBrackets';
import { assertSeasonTransition, stateListsEvent, type SeasonEvent } from '../../machines/rules/seasonMachine';
import type { SeasonStepAction } from '../../machines/rules/seasonActions';
import type { DivisionSplitsBody, SeasonBody } from '../../src/api/contract/season';
import { normaliseSplits } from '../../src/domain/season/divisionSplits';
import { SEASON_ERRORS } from '../../src/domain/messages';

/*
 * The admin lifecycle of a season. Every step locks the season row, asks the season machine
 * (`assertSeasonTransition`, 409 with its message when refused) and changes everything in one transaction, its audit
 * row included (issue 26).
 */

async function joinedTeamsCount(tx: Tx, seasonId: number) {
  const [{ n }] = await tx.select({ n: count() }).from(seasonEntries).where(eq(seasonEntries.seasonId, seasonId));
  return Number(n);
}

/**
 * Locks the season, asks the machine about `event` and stores the state it leads to (audited as `actor`'s change);
 * answers the updated row.
 */
async function step(tx: Tx, id: number, event: (season: SeasonRow) => Promise<SeasonEvent> | SeasonEvent, actor: AuditActor) {
  const season = await lockSeason(tx, id);
  const seasonType = assertSeasonTransition(season.seasonType, await event(season));
  if (seasonType === season.seasonType) return season;
  const [row] = await tx.update(seasons).set({ seasonType }).where(eq(seasons.id, id)).returning();
  await recordAudit(tx, { actorId: actor.id, action: 'SEASON_STATUS_CHANGED', target: auditTargets.season(season), before: season, after: { seasonType } });
  return row;
}

/** One lifecycle step and what it builds or tears down, in one transaction; answers the updated row. */
function stepThen(
  db: Db,
  id: number,
  event: (season: SeasonRow) => Promise<SeasonEvent> | SeasonEvent,
  then: (tx: Tx, row: SeasonRow) => Promise<void>,
  actor: AuditActor,
): Promise<SeasonRow> {
  return db.transaction(async (tx) => {
    const row = await step(tx, id, event, actor);
    await then(tx, row);
    return row;
  });
}

export async function createSeason(db: Db, body: SeasonBody, actor: AuditActor): Promise<SeasonRow> {
  const values = seasonValues(body);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(seasons).values(values).returning();
    await recordAudit(tx, { actorId: actor.id, action: 'SEASON_CREATED', target: auditTargets.season(row), before: {}, after: { name: row.name, published: row.published } });
    return row;
  });
}

/** Edit (any state): the dialog's fields only; the state, entries and splits stay. */
export async function updateSeason(db: Db, id: number, body: SeasonBody, actor: AuditActor): Promise<SeasonRow> {
  const values = seasonValues(body);
  return db.transaction(async (tx) => {
    const before = await step(tx, id, () => ({ type: 'season.edit' }), actor);
    const [row] = await tx.update(seasons).set(values).where(eq(seasons.id, id)).returning();
    await recordAudit(tx, { actorId: actor.id, action: 'SEASON_EDITED', target: auditTargets.season(before), before, after: values });
    return row;
  });
}

/**
 * Deletes a season with its divisions, groups, entries and matches. With a Discord bot configured the season's
 * channels and roles go first: if Discord fails (502) nothing is deleted and the admin can retry.
 * Payments stay as they were (an admin refunds entries before deleting a season they want paid back).
 */
export async function deleteSeason(db: Db, config: Config, id: number, actor: AuditActor): Promise<void> {
  const season = await getSeasonRow(db, id);
  assertSeasonTransition(season.seasonType, { type: 'season.delete' });
  if (config.discordBot) await cleanUpSeasonDiscord(config.discordBot, id);
  await db.transaction(async (tx) => {
    const row = await step(tx, id, () => ({ type: 'season.delete' }), actor);
    const teamIds = await teamsOfSeason(tx, id);
    await tx.delete(seasons).where(eq(seasons.id, id));
    await syncTransferMode(tx, teamIds);
    await recordAudit(tx, { actorId: actor.id, action: 'SEASON_DELETED', target: auditTargets.season(row), before: { seasonType: row.seasonType }, after: { seasonType: 'DELETED', teams: teamIds.length } });
  });
}

/** OPEN → CLOSED. Splits saved in an earlier CLOSED spell place the teams again when they still cover them. */
export const closeSignups = (db: Db, id: number, actor: AuditActor) =>
  stepThen(db, id, () => ({ type: 'season.closeSignups' }), placeTeams, actor);

/** CLOSED → OPEN: the placement is dropped (teams may still join); the saved splits are kept as numbers. */
export const reopenSignups = (db: Db, id: number, actor: AuditActor) =>
  stepThen(db, id, () => ({ type: 'season.reopenSignups' }), (tx, row) => placeTeams(tx, { ...row, divisionSplits: [] }), actor);

/** CLOSED: saves the splits (zeros dropped) once they cover every joined team, and places the teams by them. */
export async function setDivisionSplits(db: Db, id: number, { divisionSplits }: DivisionSplitsBody, actor: AuditActor): Promise<SeasonRow> {
  return db.transaction(async (tx) => {
    const joined = await joinedTeamsCount(tx, id);
    const before = await step(tx, id, () => ({ type: 'season.setDivisionSplits', divisionSplits, joinedTeamsCount: joined }), actor);
    const [row] = await tx
      .update(seasons)
      .set({ divisionSplits: normaliseSplits(divisionSplits) })
      .where(eq(seasons.id, id))
      .returning();
    await placeTeams(tx, row);
    await recordAudit(tx, { actorId: actor.id, action: 'DIVISIONS_SPLIT', target: auditTargets.season(row), before, after: { divisionSplits: row.divisionSplits } });
    return row;
  });
}

/** CLOSED → GROUP_STAGES (progress-playoffs): needs saved splits that still cover every joined team. */
export async function startGroupStages(db: Db, id: number, actor: AuditActor): Promise<SeasonRow> {
  return db.transaction(async (tx) => {
    const joined = await joinedTeamsCount(tx, id);
    const row = await step(tx, id, (s) => ({
      type: 'season.startGroupStages',
      divisionSplits: s.divisionSplits,
      joinedTeamsCount: joined,
    }), actor);
    await createGroupStages(tx, row);
    await announceSeasonStage(tx, row, 'groups');
    return row;
  });
}

/** GROUP_STAGES → CLOSED: the group matches and records go; the teams stay placed by the saved splits. */
export const resetGroupStages = (db: Db, id: number, actor: AuditActor) =>
  stepThen(db, id, () => ({ type: 'season.resetGroupStages' }), placeTeams, actor);

/** GROUP_STAGES → PLAYOFFS (progress-double-elim): every division's bracket seeded from its group tables. */
export const startPlayoffs = (db: Db, id: number, actor: AuditActor) =>
  stepThen(
    db,
    id,
    () => ({ type: 'season.startPlayoffs' }),
    async (tx, row) => {
      await createPlayoffs(tx, row);
      await announceSeasonStage(tx, row, 'playoffs');
    },
    actor,
  );

/** PLAYOFFS → GROUP_STAGES: the brackets and seeds go; the group results stay. */
export const revertToGroupStages = (db: Db, id: number, actor: AuditActor) =>
  stepThen(db, id, () => ({ type: 'season.revertToGroupStages' }), (tx) => removePlayoffs(tx, id), actor);

/** PLAYOFFS: one division's bracket back to round 1 as seeded, every played match and score removed. */
export async function resetSeasonBracket(db: Db, id: number, divisionId: number, actor: AuditActor): Promise<SeasonRow> {
  return db.transaction(async (tx) => {
    const division = await getDivisionRow(tx, divisionId);
    if (division.seasonId !== id) throw notFound(SEASON_ERRORS.divisionNotFound);
    const row = await step(tx, id, () => ({ type: 'season.resetBracket' }), actor);
    const loaded = await loadDivisionBracket(tx, divisionId);
    if (!loaded) throw conflict(SEASON_SERVER_ERRORS.noBracket);
    await resetDivisionBracket(tx, loaded);
    await recordAudit(tx, { actorId: actor.id, action: 'BRACKET_RESET', target: auditTargets.season(row), before: {}, after: { bracket: `${division.name} reset` } });
    return row;
  });
}

/**
 * PLAYOFFS → COMPLETE once every division's grand final is decided; does nothing before, nor in a state whose
 * rulebook does not offer completing. The match service calls
 * it after a playoff result (in its transaction, the season locked).
 */
export async function completeIfDecided(tx: Tx, id: number): Promise<boolean> {
  const season = await lockSeason(tx, id);
  if (!stateListsEvent(season.seasonType, 'season.complete')) return false;
  const undecided = await undecidedDivisions(tx, id);
  if (undecided > 0) return false;
  const seasonType = assertSeasonTransition(season.seasonType, { type: 'season.complete', undecidedDivisions: undecided });
  await tx.update(seasons).set({ seasonType }).where(eq(seasons.id, id));
  await syncTransferMode(tx, await teamsOfSeason(tx, id));
  return true;
}

/** The service of each POST step of the season action table (machines/seasonActions.ts): a missing one does not compile. */
export const SEASON_STEPS: Record<SeasonStepAction, (db: Db, id: number, actor: AuditActor) => Promise<SeasonRow>> = {
  closeSignups,
  reopenSignups,
  startGroupStages,
  resetGroupStages,
  startPlayoffs,
  revertToGroupStages,
};
