import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { seasonDivisions, seasonEntries, seasons, teams, users } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { parse } from '../http/validate';
import { input } from '../http/input';
import { lockRowOr404, rowOr404 } from '../db/rowById';
import { DATE_RANGE } from '../../src/api/contract/common';
import { SeasonBody } from '../../src/api/contract/season';
import {
  DUE_DATE_MESSAGE,
  SEASON_FIELDS,
  SEASON_FIELD_NAMES,
  type DueDateField,
  type SeasonFieldName,
  type SeasonFieldValues,
} from '../../src/api/contract/seasonFields';
import { withFallbacks } from '../../src/api/contract/fields';
import { SEASON_ERRORS, VALIDATION } from '../../src/domain/messages';
import { PLAYOFF_DUE_DATE_FIELDS, seasonDatesError } from '../../src/domain/season/seasonDates';
import { feeInCents, fieldStorage, type Check, type EveryFieldHasAColumn } from './fieldColumns';

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
  dueDate: DUE_DATE_MESSAGE,
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

/** The declared fields' messages (the due dates: "Please enter every playoff due date"). */
const FIELD_MESSAGES: Record<string, string> = VALIDATION.season;

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

type Columns = typeof seasons.$inferInsert;
/** A declared field stored under another name or unit: the fee, in euros on the wire, is stored in cents. */
const STORED_AS = { entryFee: feeInCents<SeasonRow>() } as const;
/** Every other declared field (src/api/contract/seasonFields.ts) has the column of its name: one without fails to compile. */
export type EverySeasonFieldHasAColumn = Check<EveryFieldHasAColumn<SeasonFieldName, keyof typeof STORED_AS, Columns>>;
const storage = fieldStorage<SeasonFieldName, SeasonRow, Columns>(SEASON_FIELD_NAMES, STORED_AS);

/** The declared fields of a stored season, as GET answers them. */
export const seasonFieldsOfRow = (row: SeasonRow) => storage.fieldsOf(row) as SeasonFieldValues;

/**
 * The season dialog's values as row values (create, and the copy on update: every declared field), the dates
 * checked together, text trimmed, the fee in cents; `published` left out is stored as not published.
 */
export function seasonValues(input: SeasonBody) {
  const datesError = seasonDatesError(input);
  if (datesError) throw badRequest(datesError);
  return storage.columns(withFallbacks(SEASON_FIELDS, input)) as Omit<Columns, 'id' | 'seasonType' | 'divisionSplits' | 'createdAt'> & Record<DueDateField, number>;
}
