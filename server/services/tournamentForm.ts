import type { DefinedEntries } from '../db/schema';
import { tournaments } from '../db/schema';
import { badRequest } from '../http/errors';
import { input } from '../http/input';
import { TournamentCreate, TournamentPatch } from '../../src/api/contract/tournament';
import {
  TOURNAMENT_FIELDS,
  TOURNAMENT_FIELD_NAMES,
  fieldMessage,
  type TournamentFieldName,
  type TournamentFieldValues,
} from '../../src/api/contract/tournamentFields';
import {
  SWITCHEROO_SIGNUP_LIMITS,
  TEAM_LIMITS,
  type TournamentType,
} from '../../src/domain/constants';
import { ERRORS, TOURNAMENT_ERRORS, VALIDATION } from '../../src/domain/messages';
import { teamSize } from '../../src/domain/tournamentRules';
import { DAY_MS } from '../../src/domain/durations';
import type { TournamentRow } from './tournamentStore';
import { withFallbacks } from '../../src/api/contract/fields';
import { euros, feeInCents, fieldStorage, type Check, type EveryFieldHasAColumn } from './fieldColumns';

/* The admin tournament form and query parameters: parsing and validation with the spec's messages, no database. */

/** Sign-up limits a TOURNAMENT (not SWITCHEROO) may have; the form does not offer the field, so 16 is the usual value. */
const TOURNAMENT_SIGNUP_LIMIT = { min: 2, max: 4096 } as const;
const MAX_ENTRY_FEE_EUROS = 10_000;
export const MAX_DEFINED_ENTRIES = 4096;

type Columns = typeof tournaments.$inferInsert;

/** A declared field stored under another name or unit: the fee, in euros on the wire, is stored in cents. */
const STORED_AS = { entryFee: feeInCents<TournamentRow>() } as const;

export { euros };

/**
 * Every other declared field (src/api/contract/tournamentFields.ts) is stored in the column of its name: a field
 * without one fails to compile here.
 */
export type EveryTournamentFieldHasAColumn = Check<EveryFieldHasAColumn<TournamentFieldName, keyof typeof STORED_AS, Columns>>;

const storage = fieldStorage<TournamentFieldName, TournamentRow, Columns>(TOURNAMENT_FIELD_NAMES, STORED_AS);

/** The columns of the given field values: text trimmed, lists without repeats, the fee in cents. */
export const fieldColumns = storage.columns;

/** The declared fields of a stored tournament, as GET answers them. */
export const fieldsOfRow = (row: TournamentRow) => storage.fieldsOf(row) as TournamentFieldValues;

/** The spec's message per form field; "rules" says "Please input a valid url" once something was typed. */
export function formMessages(body: unknown): Record<string, string> {
  const b = (body ?? {}) as Record<string, unknown>;
  const messages = TOURNAMENT_FIELD_NAMES.flatMap((k) => {
    const message = fieldMessage(k, b[k]);
    return message === null ? [] : [[k, message] as const];
  });
  return { ...Object.fromEntries(messages), mapsAndModes: ERRORS.mapsUndefined.message };
}

/** A fee out of range has its own message, before the form's "enter an entry fee". */
function checkEntryFee(body: Record<string, unknown>) {
  const fee = body.entryFee;
  if (typeof fee !== 'number' || !Number.isFinite(fee)) return body;
  if (fee < 0) throw badRequest(TOURNAMENT_ERRORS.entryFeeNegative);
  if (fee > MAX_ENTRY_FEE_EUROS) throw badRequest(TOURNAMENT_ERRORS.entryFeeTooHigh);
  return body;
}

/** The body of POST /v1/tournament with the spec's messages (server/http/route.ts). */
export const tournamentCreateInput = input(TournamentCreate, { messages: formMessages, prepare: checkEntryFee });
/** The body of PATCH /v1/tournament/{id} with the spec's messages. */
export const tournamentPatchInput = input(TournamentPatch, { messages: formMessages });

export function checkSignUpLimit(type: TournamentType, limit: number) {
  const ok =
    type === 'SWITCHEROO'
      ? (SWITCHEROO_SIGNUP_LIMITS as readonly number[]).includes(limit)
      : limit >= TOURNAMENT_SIGNUP_LIMIT.min && limit <= TOURNAMENT_SIGNUP_LIMIT.max;
  if (!ok) throw badRequest(VALIDATION.tournament.signUpLimit);
}

export function checkDates(d: { startDate: number; endDate: number; signUpClose: number }) {
  if (d.endDate < d.startDate) throw badRequest(TOURNAMENT_ERRORS.endBeforeStart);
  if (d.signUpClose > d.startDate + DAY_MS) throw badRequest(TOURNAMENT_ERRORS.signUpCloseTooLate);
}

/** The create form's values checked across fields, with the defaults applied (16, 1, SINGLES). */
export function tournamentValues(form: TournamentCreate): Columns {
  const fallbacks = withFallbacks(TOURNAMENT_FIELDS, form);
  const { tournamentType, switcherooType, signUpLimit } = fallbacks;
  checkSignUpLimit(tournamentType, signUpLimit);
  let teamLimit = fallbacks.teamLimit;
  if (tournamentType === 'TOURNAMENT') {
    if (!(TEAM_LIMITS as readonly number[]).includes(teamLimit)) throw badRequest(VALIDATION.tournament.teamLimit);
  } else {
    // A SWITCHEROO is played by paired teams; teamLimit records their size so "teamLimit > 1" means "a team won".
    teamLimit = teamSize({ tournamentType: 'SWITCHEROO', switcherooType, teamLimit });
  }
  checkDates(fallbacks);
  return { ...fieldColumns(fallbacks), teamLimit } as Columns;
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
