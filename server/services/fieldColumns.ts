/*
 * An entity's declared fields (src/api/contract/fields.ts) as table columns: each is stored in the column of its
 * name, except those in `storedAs` (another name or unit, like a fee in euros stored in cents). Used for tournaments
 * (./tournamentForm.ts) and seasons (./seasonStore.ts, ./seasonView.ts).
 */

/** A declared field stored under another column, converted both ways. */
export interface StoredAs<Row, Columns> {
  column: keyof Columns & string;
  toColumn: (value: never) => unknown;
  fromColumn: (row: Row) => unknown;
}

/** Euros from stored cents. */
export const euros = (cents: number) => Math.round(cents) / 100;

/** A fee: euros on the wire, whole cents in `entryFeeCents`. */
export const feeInCents = <Row extends { entryFeeCents: number }>() =>
  ({
    column: 'entryFeeCents',
    toColumn: (fee: number) => Math.round(fee * 100),
    fromColumn: (row: Row) => euros(row.entryFeeCents),
  }) as const;

/** True when every field not in `StoredAsKeys` has a column of its name: `Check<EveryFieldHasAColumn<…>>` fails to compile otherwise. */
export type EveryFieldHasAColumn<Name, StoredAsKeys, Columns> = [Exclude<Exclude<Name, StoredAsKeys>, keyof Columns>] extends [never]
  ? true
  : false;
export type Check<T extends true> = T;

/** The columns of given field values, and the fields of a stored row. */
export function fieldStorage<Name extends string, Row, Columns>(
  names: readonly Name[],
  storedAs: { [K in Name]?: StoredAs<Row, Columns> },
) {
  return {
    /** The columns of the given field values (those left out stay out): text trimmed, lists without repeats. */
    columns(values: { [K in Name]?: unknown }): Partial<Columns> {
      const columns: Record<string, unknown> = {};
      for (const k of names) {
        const value = values[k];
        if (value === undefined) continue;
        const clean = typeof value === 'string' ? value.trim() : Array.isArray(value) ? [...new Set(value)] : value;
        const stored = storedAs[k];
        if (stored) columns[stored.column] = stored.toColumn(clean as never);
        else columns[k] = clean;
      }
      return columns as Partial<Columns>;
    },
    /** The declared fields of a stored row, as GET answers them. */
    fieldsOf(row: Row): Record<Name, unknown> {
      return Object.fromEntries(
        names.map((k) => [k, storedAs[k] ? storedAs[k].fromColumn(row) : (row as Record<string, unknown>)[k]]),
      ) as Record<Name, unknown>;
    },
  };
}
