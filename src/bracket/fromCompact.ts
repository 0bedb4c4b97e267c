import { BYE, NO_SCORE, ROW, ROW_SIZE, SOURCE_KINDS, TRACKS, UNKNOWN, type PackedBracket } from '../api/contract/bracket';
import { byeEntry, unknownEntry, type ViewEntry, type ViewMatch, type ViewSource } from './model';

function entryOf(b: PackedBracket, entrant: number, score: number): ViewEntry {
  if (entrant === BYE) return byeEntry();
  if (entrant === UNKNOWN) return unknownEntry();
  const [id, label, imageUrl] = b.entrants[entrant];
  return { id: String(id), label, imageUrl, score: score === NO_SCORE ? null : score, bye: false, unknown: false };
}

function sourceOf(match: number, kind: number): ViewSource | null {
  const k = SOURCE_KINDS[kind];
  return k ? { match, kind: k } : null;
}

/**
 * The canvas's view of the compact bracket (GET /v1/tournament/{id}/bracket, validated): the same matches as
 * `fromApi` makes of the full match list (match ids are the API's, entry ids the tournament entry ids as text).
 */
export function fromCompact(b: PackedBracket): ViewMatch[] {
  const m = b.matches;
  const out = new Array<ViewMatch>(m.length / ROW_SIZE);
  for (let i = 0, at = 0; i < out.length; i++, at += ROW_SIZE) {
    const winner = m[at + ROW.winner];
    out[i] = {
      id: m[at + ROW.id],
      number: m[at + ROW.number],
      roundName: b.roundNames[m[at + ROW.roundName]],
      track: TRACKS[m[at + ROW.track]],
      round: m[at + ROW.round],
      position: m[at + ROW.position],
      a: entryOf(b, m[at + ROW.entrantA], m[at + ROW.scoreA]),
      b: entryOf(b, m[at + ROW.entrantB], m[at + ROW.scoreB]),
      winner: winner === 1 ? 'A' : winner === 2 ? 'B' : null,
      live: m[at + ROW.live] === 1,
      sourceA: sourceOf(m[at + ROW.sourceA], m[at + ROW.sourceAKind]),
      sourceB: sourceOf(m[at + ROW.sourceB], m[at + ROW.sourceBKind]),
    };
  }
  return out;
}
