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
