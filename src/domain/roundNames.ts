import type { Tournament } from '../api/contract/tournament';

/** Round names of stored matches (already in play order by match number), each once. */
export function roundNamesOf(matches: { matchNumber: number; roundName: string }[]): string[] {
  return unique([...matches].sort((a, b) => a.matchNumber - b.matchNumber).map((m) => m.roundName));
}

/**
 * How many entries the bracket will seed when the tournament starts: the sign-ups (teams for team types,
 * players otherwise) plus the predefined entries.
 */
export function expectedEntrants(t: Tournament): number {
  const teamEntries = t.tournamentType === 'TOURNAMENT' ? t.teamLimit > 1 : t.joinedTeamsLength > 0;
  const signUps = teamEntries ? t.joinedTeamsLength : t.joinedUsersLength;
  return signUps + t.definedEntries.definedUsers.length + t.definedEntries.definedTeams.length;
}

function unique(names: string[]): string[] {
  return [...new Set(names)];
}
