import { describe, expect, it } from 'vitest';
import { reportBlocker, staffResultBlocker } from '../../../src/domain/matchRules';
import { seasonMatchFacts, seasonMatchInPlay, type SeasonMatchState } from '../../../src/domain/season/seasonMatchFacts';

const match = (overrides: Partial<SeasonMatchState> = {}): SeasonMatchState => ({
  matchType: 'GROUP_STAGE',
  seasonType: 'GROUP_STAGES',
  live: true,
  teamABye: false,
  teamBBye: false,
  teamAId: 1,
  teamBId: 2,
  winningTeam: null,
  teamAScoreA: null,
  teamBScoreA: null,
  ...overrides,
});

describe('league matches under the shared match rules', () => {
  it('plays group matches in the group stages and playoff matches in the playoffs only', () => {
    expect(seasonMatchInPlay('GROUP_STAGE', 'GROUP_STAGES')).toBe(true);
    expect(seasonMatchInPlay('GROUP_STAGE', 'PLAYOFFS')).toBe(false);
    expect(seasonMatchInPlay('PLAYOFF', 'PLAYOFFS')).toBe(true);
    expect(seasonMatchInPlay('PLAYOFF', 'COMPLETE')).toBe(false);
  });

  it('lets a side report once, while the match is in play, undecided and both teams known', () => {
    expect(reportBlocker(seasonMatchFacts(match()), 'A')).toBeNull();
    expect(reportBlocker(seasonMatchFacts(match()), null)).toBe('notPlayer');
    expect(reportBlocker(seasonMatchFacts(match({ teamAScoreA: 3 })), 'A')).toBe('alreadyReported');
    expect(reportBlocker(seasonMatchFacts(match({ teamAScoreA: 3 })), 'B')).toBeNull();
    expect(reportBlocker(seasonMatchFacts(match({ winningTeam: 'TeamB' })), 'A')).toBe('decided');
    expect(reportBlocker(seasonMatchFacts(match({ seasonType: 'PLAYOFFS' })), 'A')).toBe('notActive');
    expect(reportBlocker(seasonMatchFacts(match({ matchType: 'PLAYOFF', seasonType: 'PLAYOFFS', teamBId: null })), 'A')).toBe('waiting');
    expect(reportBlocker(seasonMatchFacts(match({ matchType: 'PLAYOFF', seasonType: 'PLAYOFFS', live: false })), 'A')).toBe('notNeeded');
  });

  it('lets staff set a result of a playable match in play, decided or not', () => {
    expect(staffResultBlocker(seasonMatchFacts(match({ winningTeam: 'TeamA' })))).toBeNull();
    expect(staffResultBlocker(seasonMatchFacts(match({ seasonType: 'COMPLETE', matchType: 'PLAYOFF' })))).toBe('resultNotActive');
    expect(staffResultBlocker(seasonMatchFacts(match({ teamABye: true, matchType: 'PLAYOFF', seasonType: 'PLAYOFFS' })))).toBe('bye');
  });
});
