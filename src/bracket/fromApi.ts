import { matchSideLook } from '../api/contract/bracket';
import type { TournamentMatch } from '../api/contract/tournament';
import { byeEntry, unknownEntry, type ViewEntry, type ViewMatch, type ViewSource } from './model';

/** The card row of one side: the team (logo), the player (picture) or a predefined name; "bye" and "???" otherwise. */
function entryOf(m: TournamentMatch, side: 'A' | 'B'): ViewEntry {
  const look = matchSideLook(m, side);
  if (look.kind === 'bye') return byeEntry();
  if (look.kind === 'unknown') return unknownEntry();
  return { id: String(look.entryId), label: look.label, imageUrl: look.imageUrl, score: look.score, bye: false, unknown: false };
}

function sourceOf(id: number | null, kind: TournamentMatch['entryASourceKind']): ViewSource | null {
  return id === null || kind === null ? null : { match: id, kind };
}

/**
 * The canvas's view of the bracket the API serves (GET /v1/tournament/{id}/match): match ids are the API's match
 * ids (the match page's URL), entry ids the tournament entry ids as text, so one entrant's path is followed across
 * rounds whatever kind of entry it is. The bracket page reads the compact payload instead (`fromCompact`).
 */
export function fromApi(matches: readonly TournamentMatch[]): ViewMatch[] {
  return matches.map((m) => ({
    id: m.id,
    number: m.matchNumber,
    roundName: m.roundName,
    track: m.track,
    round: m.round,
    position: m.position,
    a: entryOf(m, 'A'),
    b: entryOf(m, 'B'),
    winner: m.winningEntry === 'EntryA' ? 'A' : m.winningEntry === 'EntryB' ? 'B' : null,
    live: m.live,
    sourceA: sourceOf(m.entryASourceId, m.entryASourceKind),
    sourceB: sourceOf(m.entryBSourceId, m.entryBSourceKind),
  }));
}
