import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pairingMachine } from '../../machines/flows/pairingMachine';
import { toSaveBody, type PairingBoard } from '../../machines/rules/pairingBoard';
import type { SwitcherooEntries } from '../../src/api/contract/tournament';
import type { SwitcherooTeamsBody } from '../../src/api/contract/switcheroo';
import { ApiError } from '../../src/api/client';
import { aTournament, effectLog } from '../support/machineFixtures';

const player = (id: number) => ({ id, userId: id, discordName: `P${id}`, wins: 0, losses: 0 });
/** Three DOUBLES sign-ups, no team yet. */
const signUps: SwitcherooEntries = { entries: [player(1), player(2), player(3)], teams: [], freeSubstituteSlots: 2 };

function start(save: (body: SwitcherooTeamsBody) => Promise<SwitcherooEntries>) {
  const { calls, record } = effectLog();
  const logic = pairingMachine.provide({
    actors: {
      loadBoard: fromPromise(async () => signUps),
      saveBoard: fromPromise<SwitcherooEntries, { id: number; board: PairingBoard }>(async ({ input }) => save(toSaveBody(input.board))),
    },
    actions: { reportError: record('reportError'), notifySaved: record('notifySaved') },
  });
  const actor = createActor(logic, { input: { tournament: aTournament({ tournamentType: 'SWITCHEROO', switcherooType: 'DOUBLES', status: 'CLOSED' }) } }).start();
  return { actor, calls };
}

describe('pairingMachine', () => {
  it('prepares enough empty teams of the format size to seat every sign-up', async () => {
    const { actor } = start(async () => signUps);
    await waitFor(actor, (s) => s.matches('editing'));
    const { board } = actor.getSnapshot().context;
    expect(board.pool.map((p) => p.userId)).toEqual([1, 2, 3]);
    expect(board.teams.map((t) => [t.name, t.slots.length])).toEqual([
      ['Team 1', 2],
      ['Team 2', 2],
    ]);
  });

  it('seats a player in a free slot, ignores a drop on a taken one, and sends the board it shows', async () => {
    const sent: SwitcherooTeamsBody[] = [];
    const { actor, calls } = start(async (body) => {
      sent.push(body);
      return { entries: [player(3)], teams: [{ id: 9, name: 'Duo', users: [], slots: [1, null] }], freeSubstituteSlots: 1 };
    });
    await waitFor(actor, (s) => s.matches('editing'));
    const team = actor.getSnapshot().context.board.teams[0];
    actor.send({ type: 'player.drop', userId: 1, target: { teamKey: team.key, slot: 0 } });
    expect(actor.getSnapshot().can({ type: 'player.drop', userId: 2, target: { teamKey: team.key, slot: 0 } })).toBe(false);
    actor.send({ type: 'team.rename', key: team.key, name: ' Duo ' });
    actor.send({ type: 'team.remove', key: actor.getSnapshot().context.board.teams[1].key });
    actor.send({ type: 'pairing.save' });
    await waitFor(actor, (s) => s.matches('editing') && calls.length > 0);
    expect(sent).toEqual([{ teams: [{ name: 'Duo', slots: [1, null] }] }]);
    expect(calls).toEqual(['notifySaved']);
    expect(actor.getSnapshot().context.freeSubstituteSlots).toBe(1);
  });

  it('refuses to save a team without a name and marks the field; a refusal of the server keeps the board', async () => {
    const { actor, calls } = start(async () => Promise.reject(new ApiError(409, 'The tournament is not CLOSED')));
    await waitFor(actor, (s) => s.matches('editing'));
    const team = actor.getSnapshot().context.board.teams[0];
    actor.send({ type: 'team.rename', key: team.key, name: '  ' });
    actor.send({ type: 'pairing.save' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.showNameErrors).toBe(true);
    actor.send({ type: 'team.rename', key: team.key, name: 'Named' });
    actor.send({ type: 'pairing.save' });
    await waitFor(actor, (s) => s.matches('editing') && calls.length > 0);
    expect(calls).toEqual(['reportError:The tournament is not CLOSED']);
    expect(actor.getSnapshot().context.board.teams[0].name).toBe('Named');
  });
});
