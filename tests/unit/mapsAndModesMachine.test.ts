import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { mapsAndModesMachine } from '../../machines/flows/mapsAndModesMachine';
import type { TournamentStatus } from '../../src/api/contract/tournament';
import { ERRORS } from '../../src/domain/messages';
import { aTournament, effectLog } from '../support/machineFixtures';

const ROUNDS = ['Winners Round 1', 'Grand Final'];

function start(status: TournamentStatus) {
  const { calls, record } = effectLog();
  const requests: string[] = [];
  const tournament = aTournament({ status, mapsAndModes: [{ roundName: 'Winners Round 1', value: 'Hardpoint' }] });
  const logic = mapsAndModesMachine.provide({
    actors: {
      loadMaps: fromPromise(async () => ({ tournament, rounds: ROUNDS })),
      saveMaps: fromPromise<void, { id: number; rounds: string[]; values: Record<string, string> }>(async ({ input }) => {
        requests.push(`save ${JSON.stringify(input.values)}`);
      }),
      start: fromPromise<void, number>(async ({ input }) => {
        requests.push(`start ${input}`);
      }),
    },
    actions: {
      reportError: record('reportError'),
      reportRefusal: record('reportRefusal'),
      notifyUpdated: record('notifyUpdated'),
      notifyStarted: record('notifyStarted'),
      showTable: record('showTable'),
      showBracket: record('showBracket'),
    },
  });
  const actor = createActor(logic, { input: { id: tournament.id } }).start();
  return { actor, calls, requests };
}

describe('mapsAndModesMachine', () => {
  it('refuses a save with an undefined round and marks it, then from CLOSED confirms, saves and starts', async () => {
    const { actor, calls, requests } = start('CLOSED');
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.values).toEqual({ 'Winners Round 1': 'Hardpoint' });
    actor.send({ type: 'maps.save' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.showMissing).toBe(true);
    expect(calls).toEqual([`reportRefusal:${JSON.stringify(ERRORS.mapsUndefined)}`]);

    actor.send({ type: 'map.change', roundName: 'Grand Final', value: ' Search and Destroy ' });
    actor.send({ type: 'maps.save' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'start.confirm' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests).toEqual([`save ${JSON.stringify({ 'Winners Round 1': 'Hardpoint', 'Grand Final': ' Search and Destroy ' })}`, 'start 7']);
    expect(calls.slice(1)).toEqual(['notifyStarted', 'showBracket:{"tournamentId":7}']);
  });

  it('keeps a CLOSED tournament as it is when the start is cancelled', async () => {
    const { actor, requests } = start('CLOSED');
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'map.change', roundName: 'Grand Final', value: 'Control' });
    actor.send({ type: 'maps.save' });
    actor.send({ type: 'start.cancel' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(requests).toEqual([]);
  });

  it('only updates the maps of an ACTIVE tournament, without asking', async () => {
    const { actor, calls, requests } = start('ACTIVE');
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'map.change', roundName: 'Grand Final', value: 'Control' });
    actor.send({ type: 'maps.save' });
    expect(actor.getSnapshot().value).toBe('saving');
    await waitFor(actor, (s) => s.matches('editing'));
    expect(requests).toHaveLength(1);
    expect(calls).toEqual(['notifyUpdated']);
  });

  it('refuses an OPEN tournament, and one that is over, and goes back to the table', async () => {
    const open = start('OPEN');
    await waitFor(open.actor, (s) => s.status === 'done');
    expect(open.calls).toEqual([`reportRefusal:${JSON.stringify(ERRORS.mapsWhileOpen)}`, 'showTable']);

    const completed = start('COMPLETED');
    await waitFor(completed.actor, (s) => s.status === 'done');
    expect(completed.calls).toEqual([
      `reportRefusal:${JSON.stringify({ title: 'Cannot edit maps and modes of a tournament that is COMPLETED', message: '' })}`,
      'showTable',
    ]);
  });
});
