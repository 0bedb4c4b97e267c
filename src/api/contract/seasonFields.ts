import { boolean, integer, max, min, number, string } from 'superstruct';
import { PAYMENT_MAX_EUROS, SEASON_MAX_GROUP_STAGE_WEEKS } from '../../domain/constants';
import { DateMillis, Millis, Text } from './common';
import { declareFields, type FieldSpec, type ReadValuesOf, type WriteOf } from './fields';

/*
 * The season's editable fields, declared once (issue 22), like the tournament's (./tournamentFields.ts, the same
 * mechanism: ./fields.ts): what POST and PATCH accept, what GET answers, the spec's message (seasons-and-admin §5,
 * word for word) and how the Add/Edit Season dialog holds each. Everything else derives from this table: the
 * contract structs (SeasonBody and the declared part of Season, ./season.ts), `VALIDATION.season`
 * (src/domain/messages.ts), the dialog's values, defaults, rules and body (src/features/admin/seasons/seasonForm.ts),
 * and the server's create, copy-on-update and read mapping (server/services/seasonStore.ts, seasonView.ts).
 * Who may edit: staff (ADMIN, OWNER) through the admin routes, in any state of the season; no season field is
 * create-only (PATCH, like POST, carries every field). A new field is one entry here plus its column, its input in
 * SeasonFormModal.tsx and where players see it (docs/changing-clutch.md).
 */

/** The spec requires the eight playoff due dates without wording a message; the server's (the dialog names the date). */
export const DUE_DATE_MESSAGE = 'Please enter every playoff due date';

const dueDate = { write: DateMillis, read: Millis, message: DUE_DATE_MESSAGE, form: 'day' } as const;

export const SEASON_FIELDS = {
  name: { write: Text(120), read: string(), message: 'Please enter a season name', form: 'text' },
  startDate: { write: DateMillis, read: Millis, message: 'Please enter a season start date', form: 'day' },
  /** Labelled Group Stage Weeks. */
  playoffWeeks: {
    write: max(min(integer(), 1), SEASON_MAX_GROUP_STAGE_WEEKS),
    read: integer(),
    message: 'Please enter the amount of group stage weeks',
    form: 'number',
  },
  /** Euros (stored as cents). */
  entryFee: {
    write: max(min(number(), 0), PAYMENT_MAX_EUROS),
    read: number(),
    message: 'Please enter the an entry fee',
    form: 'number',
  },
  prizePoolInfo: { write: Text(500), read: string(), message: 'Please enter the prize pool info', form: 'text' },
  seasonInfo: { write: Text(5000), read: string(), message: 'Please enter the season info', form: 'text' },
  published: { write: boolean(), read: boolean(), message: null, fallback: false, form: 'check' },
  /** The eight playoff due dates (§3), in the order of the wire; the dialog shows them in bracket order. */
  round1DueBy: dueDate,
  round2DueBy: dueDate,
  losers1DueBy: dueDate,
  losers2DueBy: dueDate,
  losers3DueBy: dueDate,
  winnersFinalDueBy: dueDate,
  losersFinalDueBy: dueDate,
  grandFinalDueBy: dueDate,
} as const satisfies Record<string, FieldSpec>;

export type SeasonFields = typeof SEASON_FIELDS;
export type SeasonFieldName = keyof SeasonFields;
const declared = declareFields(SEASON_FIELDS);
/** Every declared field, in the order of the dialog's body and the wire. */
export const SEASON_FIELD_NAMES = declared.names;
/** The playoff due dates among them. */
export const PLAYOFF_DUE_DATE_FIELDS = SEASON_FIELD_NAMES.filter((k) => k.endsWith('DueBy')) as DueDateField[];
export type DueDateField = Extract<SeasonFieldName, `${string}DueBy`>;

/** The value POST and PATCH carry for a field. */
export type SeasonWriteValue<K extends SeasonFieldName> = WriteOf<SeasonFields, K>;
/** The declared fields of a season as GET answers them. */
export type SeasonFieldValues = ReadValuesOf<SeasonFields>;

/** The spec's message per field (the due dates: the server's, see DUE_DATE_MESSAGE). */
export const SEASON_MESSAGES = declared.messages;

/** POST /v1/season and PATCH /v1/season/{id}: every field (`published` may be left out). */
export const seasonBodySchema = declared.createSchema;
/** GET: every field as stored. */
export const seasonReadSchema = declared.readSchema;
