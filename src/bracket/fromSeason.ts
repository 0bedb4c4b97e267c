import type { SeasonMatch } from '../api/contract/season';
import { generateBracket } from '../domain/bracket/generateBracket';
import type { SlotSource } from '../domain/bracket/types';
import { seasonResult } from '../domain/season/seasonResult';
import { byeEntry, unknownEntry, type ViewEntry, type ViewMatch, type ViewSource } from './model';

function entryOf(m: SeasonMatch, side: 'A' | 'B', bye: boolean): ViewEntry {
  if (bye) return byeEntry();
  const team = side === 'A' ? m.teamA : m.teamB;
  if (!team) return unknownEntry();
  const result = seasonResult(m);
  return { id: String(team.id), label: team.name, imageUrl: team.logoUrl, score: result ? result[side === 'A' ? 0 : 1] : null, bye: false, unknown: false };
}

/**
 * The canvas's view of a division's playoff bracket (GET /v1/season/divisions/{id} `elimMatches`). The server keeps
 * only each match's number; its track, column, row and slot sources are the engine's bracket for the seeded team
 * count (15 numbered matches for eight teams), as the server built it. Match ids are the league match ids (the
 * /match/{id} page), entry ids the team ids as text. A Grand Final 2 the server does not list is not drawn.
 */
export function fromSeasonMatches(matches: readonly SeasonMatch[], seededTeams: number): ViewMatch[] {
  if (matches.length === 0 || seededTeams < 2) return [];
  const bracket = generateBracket(seededTeams);
  const byNumber = new Map(matches.map((m) => [m.matchNumber, m]));
  const idOf = (source: SlotSource): ViewSource | null => {
    if (source.kind === 'seed') return null;
    const from = byNumber.get(source.match);
    return from ? { match: from.id, kind: source.kind } : null;
  };
  return bracket.matches.flatMap((b) => {
    const m = byNumber.get(b.number);
    if (!m) return [];
    return [
      {
        id: m.id,
        number: b.number,
        roundName: b.roundName,
        track: b.track,
        round: b.round,
        position: b.position,
        a: entryOf(m, 'A', b.byeA),
        b: entryOf(m, 'B', b.byeB),
        winner: m.winningTeam === 'TeamA' ? 'A' : m.winningTeam === 'TeamB' ? 'B' : null,
        live: true,
        sourceA: idOf(b.sourceA),
        sourceB: idOf(b.sourceB),
      },
    ];
  });
}
