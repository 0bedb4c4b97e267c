import type { Struct } from 'superstruct';
import { api } from '../client';
import { LiveDivisionMatches, LiveQueueChange, LiveTournamentMatches } from '../contract/live';

/** A live update stream: where it is, which event carries its changes, and the struct each change must pass. */
export interface LiveStream<T> {
  url: string;
  event: 'matches' | 'queue';
  struct: Struct<T, unknown>;
}

/** GET /v1/tournament/{id}/events: the bracket's changed matches. */
export const tournamentStream = (tournamentId: number): LiveStream<LiveTournamentMatches> => ({
  url: api.url(`/tournament/${tournamentId}/events`),
  event: 'matches',
  struct: LiveTournamentMatches as Struct<LiveTournamentMatches, unknown>,
});

/** GET /v1/season/division/{id}/events: a league division's changed matches. */
export const divisionStream = (divisionId: number): LiveStream<LiveDivisionMatches> => ({
  url: api.url(`/season/division/${divisionId}/events`),
  event: 'matches',
  struct: LiveDivisionMatches as Struct<LiveDivisionMatches, unknown>,
});

/** GET /v1/match/events (staff): every changed match, for the admin queues. */
export const queueStream = (): LiveStream<LiveQueueChange> => ({
  url: api.url('/match/events'),
  event: 'queue',
  struct: LiveQueueChange as Struct<LiveQueueChange, unknown>,
});
