import type { SeasonMatch } from '../../src/api/contract/season';
import type { Tournament, TournamentMatch } from '../../src/api/contract/tournament';

/** A tournament as GET /v1/tournament/{id} answers it, OPEN with nobody signed up. */
export function aTournament(overrides: Partial<Tournament> = {}): Tournament {
  return {
    id: 7,
    title: 'Unit Cup',
    subTitle: '',
    description: '',
    entryFee: 0,
    startDate: 0,
    startTime: '19:00',
    endDate: 0,
    signUpClose: 0,
    tournamentType: 'TOURNAMENT',
    switcherooType: 'SINGLES',
    signUpLimit: 16,
    teamLimit: 1,
    rules: '',
    prizePoolInfo: '',
    host: '',
    game: 'CODMW3',
    platforms: ['PC'],
    featured: false,
    allowSignups: true,
    allowScoreSubmission: true,
    status: 'OPEN',
    joinedTeamsLength: 0,
    joinedUsersLength: 0,
    graphicUrl: null,
    userJoined: false,
    userTeam: null,
    mapsAndModes: [],
    definedEntries: { definedUsers: [], definedTeams: [] },
    winningEntryId: null,
    winningEntryName: null,
    ...overrides,
  };
}

/** A round-1 match of an ACTIVE tournament between entries 1 and 2, not reported yet. */
export function aMatch(overrides: Partial<TournamentMatch> = {}): TournamentMatch {
  return {
    id: 11,
    matchNumber: 1,
    roundName: 'Round 1',
    tournament: { id: 7, title: 'Unit Cup', status: 'ACTIVE', allowScoreSubmission: true, tournamentType: 'TOURNAMENT', teamLimit: 1 },
    tournamentId: 7,
    dueByDate: null,
    entryASourceId: null,
    entryBSourceId: null,
    entryAId: 1,
    entryBId: 2,
    userA: null,
    userB: null,
    teamA: null,
    teamB: null,
    definedEntryA: 'Alpha',
    definedEntryB: 'Bravo',
    entryAbye: false,
    entryBbye: false,
    entryAScoreA: null,
    entryAScoreB: null,
    entryBScoreA: null,
    entryBScoreB: null,
    winningEntry: '',
    winnersBracket: true,
    track: 'winners',
    round: 0,
    position: 0,
    entryASourceKind: null,
    entryBSourceKind: null,
    live: true,
    dispute: false,
    viewerSide: null,
    ...overrides,
  };
}

/** A league group match in play between Alpha (team 1) and Bravo (team 2), nobody reported. */
export function aSeasonMatch(overrides: Partial<SeasonMatch> = {}): SeasonMatch {
  return {
    id: 1,
    seasonName: 'Model Season',
    seasonId: 1,
    divisionId: 1,
    groupId: 1,
    dueByDate: null,
    teamA: { id: 1, name: 'Alpha', logoUrl: null },
    teamB: { id: 2, name: 'Bravo', logoUrl: null },
    winningTeam: null,
    teamAScoreA: null,
    teamAScoreB: null,
    teamBScoreA: null,
    teamBScoreB: null,
    scoreA: null,
    scoreB: null,
    teamABye: false,
    teamBBye: false,
    matchType: 'GROUP_STAGE',
    roundType: 'GROUPS',
    matchNumber: null,
    position: null,
    dispute: false,
    ...overrides,
  };
}

/** Calls of a machine's stub actions, in order, as "name", "name:params" or, for an error, "name:message". */
export function effectLog() {
  const calls: string[] = [];
  const describe = (params: unknown) => {
    const error = (params as { error?: unknown } | undefined)?.error;
    return error instanceof Error ? error.message : JSON.stringify(params);
  };
  const record =
    (name: string) =>
    (_: unknown, params?: unknown) => {
      calls.push(params === undefined ? name : `${name}:${describe(params)}`);
    };
  return { calls, record };
}
