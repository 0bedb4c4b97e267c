import type { ViewMatch, ViewTrack } from './model';

/** Accessible text of a match: "Match 12: Alpha vs Bravo, 2-1". */
export function matchLabel(m: ViewMatch): string {
  const base = `Match ${m.number}: ${m.a.label} vs ${m.b.label}`;
  if (m.a.score !== null && m.b.score !== null) return `${base}, ${m.a.score}-${m.b.score}`;
  if (m.winner !== null) return `${base}, won by ${(m.winner === 'A' ? m.a : m.b).label}`;
  return base;
}

export interface MirrorRound {
  key: string;
  name: string;
  matches: ViewMatch[];
}

export interface MirrorTrack {
  track: ViewTrack;
  title: string;
  rounds: MirrorRound[];
}

const TITLES: Record<ViewTrack, string> = { winners: 'Winners Bracket', losers: 'Losers Bracket', final: 'Grand Final' };
const ORDER: ViewTrack[] = ['winners', 'losers', 'final'];

/** Drawn matches by track and round, top to bottom: what the DOM mirror lists. */
export function mirrorTracks(matches: readonly ViewMatch[]): MirrorTrack[] {
  const rounds = new Map<string, MirrorRound>();
  for (const m of matches) {
    if (!m.live) continue;
    const key = `${m.track}:${m.round}`;
    let r = rounds.get(key);
    if (!r) rounds.set(key, (r = { key, name: m.roundName, matches: [] }));
    r.matches.push(m);
  }
  return ORDER.map((track) => ({
    track,
    title: TITLES[track],
    rounds: [...rounds.values()]
      .filter((r) => r.matches[0].track === track)
      .sort((p, q) => p.matches[0].round - q.matches[0].round)
      .map((r) => ({ ...r, matches: r.matches.sort((p, q) => p.position - q.position) })),
  })).filter((t) => t.rounds.length > 0);
}
