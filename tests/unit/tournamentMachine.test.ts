import { describe, expect, it } from 'vitest';
import {
  assertTournamentTransition,
  canTournament,
  nextTournamentStatus,
  statusOfSnapshot,
  TOURNAMENT_EVENT_TYPES,
  tournamentActorFor,
  TournamentTransitionError,
  type TournamentEventType,
} from '../../machines/rules/tournamentMachine';
import { TOURNAMENT_STATUSES, type TournamentStatus } from '../../src/domain/constants';

/** The spec's table (players-and-tournaments §4, seasons-and-admin §4): what each status allows and where it leads. */
const ALLOWED: Record<TournamentStatus, Partial<Record<TournamentEventType, TournamentStatus>>> = {
  OPEN: { 'tournament.close': 'CLOSED', 'tournament.edit': 'OPEN', 'tournament.delete': 'OPEN' },
  CLOSED: {
    'tournament.open': 'OPEN',
    'tournament.start': 'ACTIVE',
    'tournament.editMaps': 'CLOSED',
    'tournament.edit': 'CLOSED',
    'tournament.delete': 'CLOSED',
  },
  ACTIVE: {
    'tournament.close': 'CLOSED',
    'tournament.editMaps': 'ACTIVE',
    'tournament.complete': 'COMPLETED',
    'tournament.edit': 'ACTIVE',
    'tournament.delete': 'ACTIVE',
  },
  COMPLETED: { 'tournament.cleanDiscord': 'COMPLETED', 'tournament.edit': 'COMPLETED', 'tournament.delete': 'COMPLETED' },
};

const cases = TOURNAMENT_STATUSES.flatMap((status) =>
  TOURNAMENT_EVENT_TYPES.map((eventType) => ({ status, eventType, next: ALLOWED[status][eventType] ?? null })),
);

describe('tournament lifecycle machine', () => {
  it.each(cases)('$status + $eventType → $next', ({ status, eventType, next }) => {
    expect(canTournament(status, eventType)).toBe(next !== null);
    expect(nextTournamentStatus(status, eventType)).toBe(next);
    const actor = tournamentActorFor(status);
    expect(actor.getSnapshot().can({ type: eventType })).toBe(next !== null);
    actor.send({ type: eventType });
    // A refused event leaves the actor where it was.
    expect(statusOfSnapshot(actor.getSnapshot())).toBe(next ?? status);
    actor.stop();
  });

  it.each(cases.filter((c) => c.next === null))('refuses $eventType when $status with a 409 message', ({ status, eventType }) => {
    let thrown: unknown;
    try {
      assertTournamentTransition(status, eventType);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TournamentTransitionError);
    expect((thrown as TournamentTransitionError).statusCode).toBe(409);
    expect((thrown as Error).message).toMatch(new RegExp(`^Cannot .+ a tournament that is ${status}$`));
  });

  it('names the refusal after the action', () => {
    expect(() => assertTournamentTransition('COMPLETED', 'tournament.close')).toThrow('Cannot close a tournament that is COMPLETED');
    expect(() => assertTournamentTransition('OPEN', 'tournament.open')).toThrow('Cannot reopen a tournament that is OPEN');
    expect(() => assertTournamentTransition('OPEN', 'tournament.start')).toThrow('Cannot start a tournament that is OPEN');
    expect(assertTournamentTransition('CLOSED', 'tournament.start')).toBe('ACTIVE');
  });

  it('walks a whole life: open, close, reopen, close, start, complete, clean up', () => {
    const actor = tournamentActorFor('OPEN');
    const path: TournamentEventType[] = [
      'tournament.close',
      'tournament.open',
      'tournament.close',
      'tournament.editMaps',
      'tournament.start',
      'tournament.editMaps',
      'tournament.complete',
      'tournament.cleanDiscord',
    ];
    const seen = path.map((type) => {
      actor.send({ type });
      return statusOfSnapshot(actor.getSnapshot());
    });
    expect(seen).toEqual(['CLOSED', 'OPEN', 'CLOSED', 'CLOSED', 'ACTIVE', 'ACTIVE', 'COMPLETED', 'COMPLETED']);
    actor.stop();
  });
});
