import { validate } from 'superstruct';
import { CompactBracket, type PackedBracket } from '../contract/bracket';

/** A parsed compact bracket with its rows in an Int32Array (transferable), or why the body is not one. */
export type ParsedBracket = { bracket: PackedBracket & { matches: Int32Array }; problem: null } | { bracket: null; problem: unknown };

/**
 * Decodes, parses and validates the body of GET /v1/tournament/{id}/bracket, and packs its rows into an Int32Array.
 * Runs in the parsing worker for a large bracket, on the main thread for a small one.
 */
export function parseBracket(body: ArrayBuffer): ParsedBracket {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder().decode(body));
  } catch (error) {
    return { bracket: null, problem: String(error) };
  }
  const [error, bracket] = validate(data, CompactBracket);
  if (error) return { bracket: null, problem: error.message };
  return { bracket: { roundNames: bracket.roundNames, entrants: bracket.entrants, matches: Int32Array.from(bracket.matches) }, problem: null };
}
