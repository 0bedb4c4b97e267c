import type { Season } from '../../src/api/contract/season';
import type { SeasonType } from '../../src/domain/constants';

const DAY = 86_400_000;

/** A season as the server answers it, in `seasonType`, with `joinedTeamsCount` teams. */
export function season(seasonType: SeasonType, over: Partial<Season> = {}): Season {
  const start = Date.UTC(2030, 0, 7);
  return {
    id: 7,
    name: 'Winter',
    startDate: start,
    playoffWeeks: 4,
    entryFee: 25,
    prizePoolInfo: '€500',
    seasonInfo: 'Info',
    published: true,
    seasonType,
    joinedTeamsCount: 12,
    userPartOfTeam: false,
    teamMembersCount: 0,
    divisions: [],
    divisionSplits: [],
    round1DueBy: start + 35 * DAY,
    losers1DueBy: start + 38 * DAY,
    round2DueBy: start + 42 * DAY,
    losers2DueBy: start + 45 * DAY,
    winnersFinalDueBy: start + 49 * DAY,
    losers3DueBy: start + 52 * DAY,
    losersFinalDueBy: start + 56 * DAY,
    grandFinalDueBy: start + 63 * DAY,
    ...over,
  };
}
