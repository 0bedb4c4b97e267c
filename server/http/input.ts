import type { Struct } from 'superstruct';

/*
 * The input of a route (params, query or body) as a contract struct with the answer's wording: what `defineRoute`
 * (./route.ts) parses, and what services declare for the bodies they own (the tournament and season forms).
 */

// A struct of any value and schema: declarations mix every kind of contract struct.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any;

/** A struct with the answer's wording: per-field messages (or made from the raw input), and a step before parsing. */
export interface Input<T> {
  struct: Struct<T, Schema>;
  /** Field path → message (the spec's wording for that field); a function reads the raw input first. */
  messages?: Record<string, string> | ((raw: Record<string, unknown>) => Record<string, string>);
  /** Runs on the raw input before the struct: trims, or refuses with a message of its own (throw an HttpError). */
  prepare?: (raw: Record<string, unknown>) => unknown;
  /** Runs on the parsed value: a rule across fields (throw an HttpError). */
  check?: (value: T) => void;
}

export const input = <T>(struct: Struct<T, Schema>, options: Omit<Input<T>, 'struct'> = {}): Input<T> => ({ struct, ...options });
