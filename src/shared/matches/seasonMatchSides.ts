import type { SeasonMatch } from '../../api/contract/season';
import { seasonResult } from '../../domain/season/seasonResult';
import type { Side, SideView } from './matchSides';

/**
 * The page's view of side `side` of league match `m`: the team (name linking to /teams/{id}), "bye" for a bye side
 * ("none" when both are), or "???" while unknown, as a tournament match reads them.
 */
export function seasonSideView(m: SeasonMatch, side: Side): SideView {
  const isA = side === 'A';
  const team = isA ? m.teamA : m.teamB;
  const repA = isA ? m.teamAScoreA : m.teamBScoreA;
  const repB = isA ? m.teamAScoreB : m.teamBScoreB;
  const reported = repA !== null && repB !== null ? ([repA, repB] as [number, number]) : null;
  const base = { side, userId: null, reported };
  const empty = { ...base, imageUrl: null, href: null, score: null, outcome: null };
  if (m.teamABye && m.teamBBye) return { ...empty, kind: 'none', name: 'none' };
  if (isA ? m.teamABye : m.teamBBye) return { ...empty, kind: 'bye', name: 'bye' };
  if (!team) return { ...empty, kind: 'unknown', name: '???' };
  const result = seasonResult(m);
  const outcome = m.winningTeam === null ? null : m.winningTeam === (isA ? 'TeamA' : 'TeamB') ? 'winner' : 'loser';
  return {
    ...base,
    kind: 'team',
    name: team.name,
    imageUrl: team.logoUrl,
    href: `/teams/${team.id}`,
    score: result ? result[isA ? 0 : 1] : null,
    outcome,
  };
}

/** Staff replace scores that exist (a result, or the disputed reports of both teams). */
export const seasonIsOverwrite = (m: SeasonMatch) => m.winningTeam !== null || !!m.dispute;
