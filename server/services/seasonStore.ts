import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { seasonDivisions, seasonEntries, seasons, teams, users } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { parse } from '../http/validate';
import { input } from '../http/input';
import { lockRowOr404, rowOr404 } from '../db/rowById';
import { DATE_RANGE } from '../../src/api/contract/common';
import { SeasonBody } from '../../src/api/contract/season';
import { SEASON_ERRORS, VALIDATION } from '../../src/domain/messages';
import { PLAYOFF_DUE_DATE_FIELDS, seasonDatesError } from '../../src/domain/season/seasonDates';

/*
 * The one owner of the season rows: reading one or answering 404, locking one for a change, and turning the
 * season dialog's body into a row. Every season service reads and locks through here.
 */

type Conn = Db | Tx;
export type SeasonRow = typeof seasons.$inferSelect;
export type DivisionRow = typeof seasonDivisions.$inferSelect;
export type SeasonEntryRow = typeof seasonEntries.$inferSelect;

/** Refusals only the server answers (the spec names none for them). */
export const SEASON_SERVER_ERRORS = {
  dueDate: 'Please enter every playoff due date',
  teamNotFound: 'Team not found',
  notInSeason: 'This team is not in this season',
  freeSeason: 'This season has no entry fee, so there is nothing to refund',
  noBracket: 'This division has no playoff bracket yet',
  paymentsUnavailable: 'Payments are not available right now, please try again later',
} as const;

export function getSeasonRow(conn: Conn, id: number): Promise<SeasonRow> {
  return rowOr404(conn, seasons, id, SEASON_ERRORS.notFound);
}

/** The season row, locked for the rest of the transaction: lifecycle steps, joins, removals and bracket changes of one season run one at a time. */
export function lockSeason(tx: Tx, id: number): Promise<SeasonRow> {
  return lockRowOr404(tx, seasons, id, SEASON_ERRORS.notFound);
}

export async function getDivisionRow(conn: Conn, id: number): Promise<DivisionRow> {
  const [row] = await conn.select().from(seasonDivisions).where(eq(seasonDivisions.id, id));
  if (!row) throw notFound(SEASON_ERRORS.divisionNotFound);
  return row;
}

/** The team's entry in the season, or undefined. */
export async function findEntry(conn: Conn, seasonId: number, teamId: number): Promise<SeasonEntryRow | undefined> {
  const [row] = await conn
    .select()
    .from(seasonEntries)
    .where(and(eq(seasonEntries.seasonId, seasonId), eq(seasonEntries.teamId, teamId)));
  return row;
}

export async function getTeamRow(conn: Conn, id: number) {
  const [row] = await conn.select().from(teams).where(eq(teams.id, id));
  if (!row) throw notFound(SEASON_SERVER_ERRORS.teamNotFound);
  return row;
}

/** Members of a team, the captain included. */
export async function teamMembers(conn: Conn, teamId: number) {
  return conn.select().from(users).where(eq(users.teamId, teamId));
}

const FIELD_MESSAGES: Record<string, string> = {
  ...VALIDATION.season,
  ...Object.fromEntries(PLAYOFF_DUE_DATE_FIELDS.map((field) => [field, SEASON_SERVER_ERRORS.dueDate])),
};

/**
 * The dialog's body checked field by field. A due date too early to be a date (DateMillis: 0, -1) is still a whole
 * number before the start date, and answers the date rule's message rather than "enter every due date".
 */
function parseSeasonFields(body: unknown) {
  try {
    return parse(SeasonBody, body, FIELD_MESSAGES);
  } catch (error) {
    const fields = (body ?? {}) as Record<string, unknown>;
    const early = (field: string) => Number.isInteger(fields[field]) && (fields[field] as number) < DATE_RANGE.min;
    if (error instanceof HttpError && error.message === SEASON_SERVER_ERRORS.dueDate && PLAYOFF_DUE_DATE_FIELDS.some(early)) {
      throw badRequest(SEASON_ERRORS.dueBeforeStart);
    }
    throw error;
  }
}

/** The season dialog's body (POST and PATCH) with the spec's field messages (server/http/route.ts). */
export const seasonBodyInput = input(SeasonBody, {
  prepare: (raw) => {
    parseSeasonFields(raw);
    return raw;
  },
});

/** The season dialog's values as row values: the dates checked together, fees in cents. */
export function seasonValues(input: SeasonBody) {
  const datesError = seasonDatesError(input);
  if (datesError) throw badRequest(datesError);
  return {
    name: input.name.trim(),
    startDate: input.startDate,
    playoffWeeks: input.playoffWeeks,
    entryFeeCents: Math.round(input.entryFee * 100),
    prizePoolInfo: input.prizePoolInfo.trim(),
    seasonInfo: input.seasonInfo.trim(),
    published: input.published ?? false,
    ...Object.fromEntries(PLAYOFF_DUE_DATE_FIELDS.map((field) => [field, input[field]])),
  } as Omit<typeof seasons.$inferInsert, 'id' | 'seasonType' | 'divisionSplits' | 'createdAt'> &
    Record<(typeof PLAYOFF_DUE_DATE_FIELDS)[number], number>;
}
