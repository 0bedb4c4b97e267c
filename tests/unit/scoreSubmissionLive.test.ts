import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { scoreSubmissionMachine } from '../../machines/flows/scoreSubmissionMachine';
import type { LiveEvent } from '../../machines/flows/liveEvents';
import type { LiveTournamentMatches } from '../../src/api/contract/live';
import type { TournamentMatch } from '../../src/api/contract/tournament';
import type { ScoredMatch } from '../../machines/rules/seasonMatchRules';
import { aMatch, effectLog } from '../support/machineFixtures';

/** The score flow and the live stream of its tournament: changes made by others arrive as events. */
function start(opts: { submit?: () => Promise<TournamentMatch> } = {}) {
  const { calls, record } = effectLog();
  const loads: string[] = [];
  const live = { url: '', send: (_e: LiveEvent<LiveTournamentMatches>) => {}, stopped: false };
  let match = aMatch({ viewerSide: 'A' });
  const logic = scoreSubmissionMachine.provide({
    actors: {
      loadMatch: fromPromise<ScoredMatch, any>(async () => {
        loads.push('load');
        return match;
      }),
      submitScore: fromPromise<ScoredMatch, any>(async () => (opts.submit ?? (async () => aMatch({ viewerSide: 'A', entryAScoreA: 3, entryAScoreB: 1 })))()),
      liveEvents: fromCallback(({ sendBack, input }) => {
        live.url = (input as { url: string }).url;
        live.send = sendBack;
        return () => {
          live.stopped = true;
        };
      }),
    },
    actions: { notifySubmitted: record('notifySubmitted'), notifyMismatch: record('notifyMismatch'), reportError: record('reportError') },
  });
  const actor = createActor(logic, { input: { tournamentId: 7, matchId: 11, isStaff: false } }).start();
  const serverHas = (next: TournamentMatch) => {
    match = next;
  };
  return { actor, calls, loads, live, serverHas };
}

/** What the bracket read shows of a match (no viewer fields), as the stream sends it. */
const asStreamed = (m: TournamentMatch) => {
  const { viewerSide: _v, tournament: _t, ...rest } = m;
  return rest as TournamentMatch;
};

describe('score submission and the live stream', () => {
  it('follows the tournament stream once the match is read, and reads again once connected and on reset', async () => {
    const { actor, loads, live } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(live.url).toBe('/v1/tournament/7/events');
    live.send({ type: 'live.connected' });
    await waitFor(actor, (s) => s.matches('idle') && loads.length === 2);
    live.send({ type: 'live.lost' });
    expect(actor.getSnapshot().context.connection).toBe('reconnecting');
    live.send({ type: 'live.connected' });
    expect(actor.getSnapshot().context.connection).toBe('live');
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    live.send({ type: 'live.reset' });
    await waitFor(actor, (s) => s.matches('idle') && loads.length === 3);
    actor.stop();
    expect(live.stopped).toBe(true);
  });

  it("shows the other side's report and keeps the viewer's own fields; other matches change nothing", async () => {
    const { actor, live } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    live.send({ type: 'live.change', change: { matches: [asStreamed(aMatch({ id: 12, entryBScoreA: 0, entryBScoreB: 3 }))] } });
    expect(actor.getSnapshot().context.match).toMatchObject({ entryBScoreA: null });
    live.send({ type: 'live.change', change: { matches: [asStreamed(aMatch({ entryBScoreA: 0, entryBScoreB: 3 }))] } });
    expect(actor.getSnapshot().context.match).toMatchObject({ entryBScoreA: 0, entryBScoreB: 3, viewerSide: 'A' });
    expect(actor.getSnapshot().can({ type: 'score.start' })).toBe(true);
  });

  it('closes the report form when someone else decides the match, so SUBMIT SCORE is gone', async () => {
    const { actor, live } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'score.start' });
    actor.send({ type: 'score.change', side: 'A', value: '3' });
    expect(actor.getSnapshot().matches({ scoring: 'entering' })).toBe(true);
    const decided = aMatch({ scoreA: 0, scoreB: 3, winningEntry: 'EntryB' });
    live.send({ type: 'live.change', change: { matches: [asStreamed(decided)] } });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.match).toMatchObject({ winningEntry: 'EntryB', viewerSide: 'A' });
    expect(actor.getSnapshot().can({ type: 'score.start' })).toBe(false);
  });

  it('still answers a report in flight with its own answer when a change arrives meanwhile', async () => {
    let answer!: (m: TournamentMatch) => void;
    const { actor, live, calls } = start({ submit: () => new Promise((resolve) => (answer = resolve)) });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'score.start' });
    actor.send({ type: 'score.change', side: 'A', value: '3' });
    actor.send({ type: 'score.change', side: 'B', value: '1' });
    actor.send({ type: 'score.submit' });
    actor.send({ type: 'confirm.change', side: 'A', value: '3' });
    actor.send({ type: 'confirm.change', side: 'B', value: '1' });
    actor.send({ type: 'confirm.submit' });
    expect(actor.getSnapshot().matches({ scoring: 'submitting' })).toBe(true);
    live.send({ type: 'live.change', change: { matches: [asStreamed(aMatch({ entryBScoreA: 3, entryBScoreB: 1 }))] } });
    expect(actor.getSnapshot().matches({ scoring: 'submitting' })).toBe(true);
    answer(aMatch({ viewerSide: 'A', entryAScoreA: 3, entryAScoreB: 1, entryBScoreA: 3, entryBScoreB: 1, winningEntry: 'EntryA', scoreA: 3, scoreB: 1 }));
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls).toEqual(['notifySubmitted']);
    expect(actor.getSnapshot().context.match).toMatchObject({ winningEntry: 'EntryA' });
  });
});
