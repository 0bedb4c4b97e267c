import type { TournamentMatch } from '../api/contract/tournament';
import { byeEntry, unknownEntry, type ViewEntry, type ViewMatch, type ViewSource } from './model';

type Side = 'A' | 'B';

/** The card row of one side: the team (logo), the player (picture) or a predefined name; "bye" and "???" otherwise. */
function entryOf(m: TournamentMatch, side: Side): ViewEntry {
  const bye = side === 'A' ? m.entryAbye : m.entryBbye;
  if (bye) return byeEntry();
  const entryId = side === 'A' ? m.entryAId : m.entryBId;
  if (entryId === null) return unknownEntry();
  const team = side === 'A' ? m.teamA : m.teamB;
  const user = side === 'A' ? m.userA : m.userB;
  const defined = side === 'A' ? m.definedEntryA : m.definedEntryB;
  const label = team?.name ?? user?.discordName ?? defined ?? (side === 'A' ? m.entryAName : m.entryBName) ?? null;
  if (label === null) return unknownEntry();
  const decided = m.winningEntry !== '';
  const score = decided ? ((side === 'A' ? m.scoreA : m.scoreB) ?? null) : null;
  return {
    id: String(entryId),
    label,
    imageUrl: team ? team.logoUrl : (user?.picture ?? null),
    score,
    bye: false,
    unknown: false,
  };
}

function sourceOf(id: number | null, kind: TournamentMatch['entryASourceKind']): ViewSource | null {
  return id === null || kind === null ? null : { match: id, kind };
}

/**
 * The canvas's view of the bracket the API serves (GET /v1/tournament/{id}/match): match ids are the API's match
 * ids (the match page's URL), entry ids the tournament entry ids as text, so one entrant's path is followed across
 * rounds whatever kind of entry it is.
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
