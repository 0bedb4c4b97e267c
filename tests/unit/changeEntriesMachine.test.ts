import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { changeEntriesMachine } from '../../machines/flows/changeEntriesMachine';
import type { Entry, MatchEntriesPatch, TournamentMatch } from '../../src/api/contract/tournament';
import { ApiError } from '../../src/api/client';
import { aMatch, effectLog } from '../support/machineFixtures';

const entries: Entry[] = [
  { id: 1, name: 'Alpha', wins: 0, losses: 0, userId: 101 },
  { id: 2, name: 'Bravo', wins: 0, losses: 0, userId: 102 },
  { id: 3, name: 'Charlie', wins: 0, losses: 0, teamId: 55 },
  { id: 4, name: 'Refunded', wins: 0, losses: 0, userId: 104, refunded: true },
];

function start(match: TournamentMatch, save: (patch: MatchEntriesPatch) => Promise<TournamentMatch> = async () => match) {
  const { calls, record } = effectLog();
  const logic = changeEntriesMachine.provide({
    actors: {
      loadEntries: fromPromise(async () => entries),
      saveEntries: fromPromise<TournamentMatch, { tournamentId: number; matchId: number; patch: MatchEntriesPatch }>(async ({ input }) => save(input.patch)),
    },
    actions: { notifyChanged: record('notifyChanged'), changed: (_, { match: m }) => calls.push(`changed:${m.entryBId}`), reportError: record('reportError') },
  });
  return { actor: createActor(logic, { input: { match } }).start(), calls };
}

describe('changeEntriesMachine', () => {
  it('offers the entries that still take part, and saves only the side that changed', async () => {
    const patches: MatchEntriesPatch[] = [];
    const { actor, calls } = start(aMatch(), async (patch) => {
      patches.push(patch);
      return aMatch({ entryBId: 3 });
    });
    actor.send({ type: 'entries.open' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.entries.map((e) => e.name)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(actor.getSnapshot().can({ type: 'entries.save' })).toBe(false);
    actor.send({ type: 'entries.choose', side: 'B', entryId: 3 });
    actor.send({ type: 'entries.save' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(patches).toEqual([{ teamBId: 55 }]);
    expect(calls).toEqual(['notifyChanged', 'changed:3']);
    expect(actor.getSnapshot().context.match.entryBId).toBe(3);
  });

  it('does not open for a decided match or a tournament that is not running', () => {
    expect(start(aMatch({ winningEntry: 'EntryA' })).actor.getSnapshot().can({ type: 'entries.open' })).toBe(false);
    const open = aMatch({ tournament: { id: 7, title: 'Unit Cup', status: 'OPEN' } });
    expect(start(open).actor.getSnapshot().can({ type: 'entries.open' })).toBe(false);
  });

  it('keeps the dialog and the choice when the server refuses', async () => {
    const { actor, calls } = start(aMatch(), async () => Promise.reject(new ApiError(409, 'That entry already plays this round')));
    actor.send({ type: 'entries.open' });
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'entries.choose', side: 'A', entryId: 3 });
    actor.send({ type: 'entries.save' });
    await waitFor(actor, (s) => s.matches('editing') && calls.length > 0);
    expect(calls).toEqual(['reportError:That entry already plays this round']);
    expect(actor.getSnapshot().context.choice.A).toBe(3);
  });
});
