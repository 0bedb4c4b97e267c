import type { WinningTeam } from '../constants';

export interface StandingTeam {
  id: number;
  averageKR: number;
  divisionWins: number;
  divisionLosses: number;
}

/** A decided or pending group match; only decided ones (winningTeam set) count. */
export interface StandingMatch {
  teamAId: number;
  teamBId: number;
  winningTeam: WinningTeam | null;
}

/**
 * A group's table, best first (seasons-and-admin §4): divisionWins − divisionLosses, highest first; ties by
 * head-to-head (wins minus losses in the decided matches between the tied teams only), then average KR, highest
 * first, then team id, so the order is total and does not depend on the input order (docs/decisions.md, Seasons).
 */
export function groupStandings<T extends StandingTeam>(teams: readonly T[], matches: readonly StandingMatch[]): T[] {
  const difference = (t: StandingTeam) => t.divisionWins - t.divisionLosses;
  const byDifference = new Map<number, T[]>();
  for (const team of teams) byDifference.set(difference(team), [...(byDifference.get(difference(team)) ?? []), team]);

  return [...byDifference.keys()]
    .sort((a, b) => b - a)
    .flatMap((key) => {
      const tied = byDifference.get(key) as T[];
      const h2h = headToHead(new Set(tied.map((t) => t.id)), matches);
      return [...tied].sort(
        (a, b) => (h2h.get(b.id) ?? 0) - (h2h.get(a.id) ?? 0) || b.averageKR - a.averageKR || a.id - b.id,
      );
    });
}

const winnerAndLoser = (m: StandingMatch) =>
  m.winningTeam === 'TeamA' ? [m.teamAId, m.teamBId] : [m.teamBId, m.teamAId];

/** Wins minus losses of each team in the decided matches played among `ids`. */
function headToHead(ids: Set<number>, matches: readonly StandingMatch[]): Map<number, number> {
  const score = new Map<number, number>();
  if (ids.size < 2) return score;
  for (const m of matches) {
    if (m.winningTeam === null || !ids.has(m.teamAId) || !ids.has(m.teamBId)) continue;
    const [winner, loser] = winnerAndLoser(m);
    score.set(winner, (score.get(winner) ?? 0) + 1);
    score.set(loser, (score.get(loser) ?? 0) - 1);
  }
  return score;
}

/** Wins and losses of each team from its group's decided matches (what divisionWins/divisionLosses count). */
export function groupRecords(teamIds: readonly number[], matches: readonly StandingMatch[]) {
  const records = new Map(teamIds.map((id) => [id, { divisionWins: 0, divisionLosses: 0 }]));
  for (const m of matches) {
    if (m.winningTeam === null) continue;
    const [winner, loser] = winnerAndLoser(m);
    const w = records.get(winner);
    const l = records.get(loser);
    if (w) w.divisionWins += 1;
    if (l) l.divisionLosses += 1;
  }
  return records;
}
