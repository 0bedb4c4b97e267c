import type { Bracket, BracketMatch, SlotSource, Track } from '../domain/bracket/types';

/*
 * The canvas's own input model: what one match card shows, independent of the HTTP contract
 * and of the engine. Adapters (`fromEngine` here, one for the API later) produce a flat list of
 * `ViewMatch`; the layout, the renderer and the DOM mirror read nothing else.
 *
 * - `id` is what links things: the URL of a match, `match.open`, and `ViewSource.match`.
 * - `track` / `round` / `position` place the card (round = 0-based column within the track,
 *   position = 0-based row within the round, top to bottom).
 * - A void Grand Final 2 (`live: false`) is not drawn.
 */

export type ViewTrack = Track;

export interface ViewEntry {
  /** Entrant id (player or team id as text); null for a bye or an entrant not known yet. */
  id: string | null;
  /** Display name; "bye" for a bye, "???" while unknown. */
  label: string;
  /** Logo or picture; null draws a circle with the first letter of `label`. */
  imageUrl: string | null;
  /** Reported score once the match is decided, else null. */
  score: number | null;
  /** The slot can never be filled. */
  bye: boolean;
  /** The entrant is not known yet (an earlier match is pending). */
  unknown: boolean;
}

/** Where the entrant of a slot comes from: the winner or the loser of the match with id `match`. */
export interface ViewSource {
  match: number;
  kind: 'winner' | 'loser';
}

export interface ViewMatch {
  id: number;
  /** Match number shown on the card (play order). */
  number: number;
  roundName: string;
  track: ViewTrack;
  round: number;
  position: number;
  a: ViewEntry;
  b: ViewEntry;
  winner: 'A' | 'B' | null;
  /** False only for a Grand Final 2 that is not needed; such a match is not drawn. */
  live: boolean;
  /** Null for a seeded round-1 slot. */
  sourceA: ViewSource | null;
  sourceB: ViewSource | null;
}

export const BYE_LABEL = 'bye';
export const UNKNOWN_LABEL = '???';

export function byeEntry(): ViewEntry {
  return { id: null, label: BYE_LABEL, imageUrl: null, score: null, bye: true, unknown: false };
}

export function unknownEntry(): ViewEntry {
  return { id: null, label: UNKNOWN_LABEL, imageUrl: null, score: null, bye: false, unknown: true };
}

export interface EntrantLook {
  label: string;
  imageUrl: string | null;
}

/** Scores of sides A and B of a decided engine match (the engine itself keeps none). */
export type ScoreOf = (match: BracketMatch) => readonly [number | null, number | null];

function toSource(source: SlotSource): ViewSource | null {
  return source.kind === 'seed' ? null : { match: source.match, kind: source.kind };
}

function toEntry(entrant: number | null, bye: boolean, score: number | null, names: (entrant: number) => EntrantLook): ViewEntry {
  if (bye) return byeEntry();
  if (entrant === null) return unknownEntry();
  const look = names(entrant);
  return { id: String(entrant), label: look.label, imageUrl: look.imageUrl, score, bye: false, unknown: false };
}

/**
 * View model of an engine bracket: match ids are the match numbers and entry ids the entrant
 * indexes as text. `scoreOf` supplies the scores of decided matches (none by default).
 */
export function fromEngine(b: Bracket, names: (entrant: number) => EntrantLook, scoreOf?: ScoreOf): ViewMatch[] {
  const out = new Array<ViewMatch>(b.matches.length);
  for (let i = 0; i < b.matches.length; i++) {
    const m = b.matches[i];
    const [scoreA, scoreB] = m.winner !== null && scoreOf ? scoreOf(m) : [null, null];
    out[i] = {
      id: m.number,
      number: m.number,
      roundName: m.roundName,
      track: m.track,
      round: m.round,
      position: m.position,
      a: toEntry(m.entryA, m.byeA, scoreA, names),
      b: toEntry(m.entryB, m.byeB, scoreB, names),
      winner: m.winner,
      live: m.live,
      sourceA: toSource(m.sourceA),
      sourceB: toSource(m.sourceB),
    };
  }
  return out;
}
