import { array, integer, nullable, string, type, type Infer } from 'superstruct';
import { TournamentMatch } from './tournament';
import { SeasonMatch } from './season';

/*
 * The live update streams (server-sent events, GET /v1/tournament/{id}/events, /v1/season/division/{id}/events and
 * /v1/match/events). Every stream sends `ready` once connected (and caught up after a reconnect), `reset` when the
 * client must read everything again, and its change events below.
 */

/** `matches` of a tournament stream: the changed matches as GET /v1/tournament/{id}/match shows them. */
export const LiveTournamentMatches = type({ matches: array(TournamentMatch) });
export type LiveTournamentMatches = Infer<typeof LiveTournamentMatches>;

/** `matches` of a division stream: the changed matches as GET /v1/match/division/{id} shows them. */
export const LiveDivisionMatches = type({ matches: array(SeasonMatch) });
export type LiveDivisionMatches = Infer<typeof LiveDivisionMatches>;

/** `queue` of the staff stream: which matches of which tournament or division changed (null: too many to name). */
export const LiveQueueChange = type({ topic: string(), ids: nullable(array(integer())) });
export type LiveQueueChange = Infer<typeof LiveQueueChange>;
