import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { adminTournamentsMachine, type RowAction } from '../../machines/flows/adminTournamentsMachine';
import { ApiError } from '../../src/api/client';
import { aTournament, effectLog } from '../support/machineFixtures';

function start(runAction: (input: { id: number; action: RowAction }) => Promise<unknown> = async () => undefined) {
  const { calls, record } = effectLog();
  const ran: { id: number; action: RowAction }[] = [];
  const logic = adminTournamentsMachine.provide({
    actors: {
      runAction: fromPromise(({ input }: { input: { id: number; action: RowAction } }) => {
        ran.push(input);
        return runAction(input);
      }),
    },
    actions: { notifyDone: record('notifyDone'), reportError: record('reportError'), reload: record('reload') },
  });
  return { actor: createActor(logic).start(), calls, ran };
}

describe('adminTournamentsMachine', () => {
  it('closes an OPEN tournament at once, then says so and reloads the table', async () => {
    const { actor, calls, ran } = start();
    actor.send({ type: 'row.act', tournament: aTournament({ id: 3, status: 'OPEN' }), action: 'close' });
    expect(actor.getSnapshot().value).toBe('working');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(ran).toEqual([{ id: 3, action: 'close' }]);
    expect(calls).toEqual(['notifyDone:{"action":"close"}', 'reload']);
    expect(actor.getSnapshot().context).toMatchObject({ target: null, action: null });
  });

  it('asks before deleting, and a cancel calls nothing', () => {
    const { actor, calls, ran } = start();
    actor.send({ type: 'row.act', tournament: aTournament(), action: 'delete' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.target?.title).toBe('Unit Cup');
    actor.send({ type: 'action.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(ran).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('ignores an action the lifecycle refuses in the current status', () => {
    const { actor } = start();
    const completed = aTournament({ status: 'COMPLETED' });
    expect(actor.getSnapshot().can({ type: 'row.act', tournament: completed, action: 'close' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'row.act', tournament: aTournament({ status: 'OPEN' }), action: 'cleanDiscord' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'row.act', tournament: completed, action: 'cleanDiscord' })).toBe(true);
  });

  it('reports a refusal and still reloads, so the menu offers what the status allows now', async () => {
    const { actor, calls } = start(async () => Promise.reject(new ApiError(409, 'Cannot close a tournament that is COMPLETED')));
    actor.send({ type: 'row.act', tournament: aTournament({ status: 'ACTIVE' }), action: 'close' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls).toEqual(['reportError:Cannot close a tournament that is COMPLETED', 'reload']);
  });

  it('reloads after the add/edit dialog saved, not after it was closed', () => {
    const { actor, calls } = start();
    actor.send({ type: 'form.open', tournament: null });
    actor.send({ type: 'form.close' });
    expect(calls).toEqual([]);
    const t = aTournament();
    actor.send({ type: 'form.open', tournament: t });
    expect(actor.getSnapshot().context.editing).toBe(t);
    actor.send({ type: 'form.saved' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls).toEqual(['reload']);
  });
});
