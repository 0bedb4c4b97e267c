import { generateBracket } from './bracket/generateBracket';
import type { TournamentStatus, TournamentType } from './constants';

interface RegistrationFacts {
  status: TournamentStatus;
  allowSignups: boolean;
  signUpClose: number;
  userJoined: boolean;
}

/** What the card and detail page offer: JOINED, REGISTER (sign-ups open) or CLOSED. */
export function registrationState(t: RegistrationFacts, now: number): 'joined' | 'open' | 'closed' {
  if (t.userJoined) return 'joined';
  return signupsOpen(t, now) ? 'open' : 'closed';
}

/** Sign-ups are open while the tournament is OPEN with allowSignups, before signUpClose. */
export function signupsOpen(t: Pick<RegistrationFacts, 'status' | 'allowSignups' | 'signUpClose'>, now: number): boolean {
  return t.status === 'OPEN' && t.allowSignups && now < t.signUpClose;
}

/** Team size of a tournament: SWITCHEROO teams are 4 for doubles and 2 otherwise; TOURNAMENT teams are teamLimit. */
export function teamSize(t: { tournamentType: TournamentType; switcherooType: 'SINGLES' | 'DOUBLES'; teamLimit: number }) {
  if (t.tournamentType === 'SWITCHEROO') return t.switcherooType === 'DOUBLES' ? 4 : 2;
  return t.teamLimit;
}

/**
 * Team tournaments enter temporary teams (a team name is asked when joining): TOURNAMENT with teamLimit above 1.
 * SWITCHEROO sign-ups are players, paired into teams later.
 */
export function isTeamTournament(t: { tournamentType: TournamentType; teamLimit: number }): boolean {
  return t.tournamentType === 'TOURNAMENT' && t.teamLimit > 1;
}

interface PredefinedNames {
  definedUsers: readonly { name: string }[];
  definedTeams: readonly { name: string }[];
}

/** The predefined entries of a tournament (blank names are ignored, as the bracket ignores them). */
export const predefinedEntryCount = (d: PredefinedNames) =>
  [...d.definedUsers, ...d.definedTeams].filter((e) => e.name.trim() !== '').length;

/**
 * Entries of a tournament: its teams (team types) or players, and its predefined names, which take their places in
 * the bracket like any entry.
 */
export const entriesCount = (t: {
  tournamentType: TournamentType;
  teamLimit: number;
  joinedTeamsLength: number;
  joinedUsersLength: number;
  definedEntries: PredefinedNames;
}) => (isTeamTournament(t) ? t.joinedTeamsLength : t.joinedUsersLength) + predefinedEntryCount(t.definedEntries);

/** A tournament has started once its bracket is in play: ACTIVE, or COMPLETED after it. */
export function hasStarted(t: { status: TournamentStatus }): boolean {
  return t.status === 'ACTIVE' || t.status === 'COMPLETED';
}

/**
 * Round names of the bracket for `entrants` entrants, in play order, each once. Below 2 entrants (no bracket can be
 * drawn yet) the rounds of the smallest bracket, 2 entrants: the maps and modes page always has rounds to fill.
 */
export function roundNamesFor(entrants: number): string[] {
  const n = Number.isInteger(entrants) && entrants >= 2 ? entrants : 2;
  return [...new Set(generateBracket(n).matches.map((m) => m.roundName))];
}
