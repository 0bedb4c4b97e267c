import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { definedEntriesMachine } from '../../machines/flows/definedEntriesMachine';
import type { DefinedEntries, Tournament } from '../../src/api/contract/tournament';
import { ApiError } from '../../src/api/client';
import { aTournament, effectLog } from '../support/machineFixtures';

const stored: DefinedEntries = { definedUsers: [{ name: 'Ghost' }], definedTeams: [] };

function start(opts: { load?: () => Promise<Tournament>; save?: () => Promise<void> } = {}) {
  const { calls, record } = effectLog();
  const saved: DefinedEntries[] = [];
  /** The page's leave guard while it is installed: a click on an in-app link goes through it. */
  const guard = { installed: 0, clickLink: (_href: string) => {} };
  const logic = definedEntriesMachine.provide({
    actors: {
      load: fromPromise(async () => (opts.load ?? (async () => aTournament({ definedEntries: stored })))()),
      save: fromPromise<DefinedEntries, { tournament: Tournament; entries: DefinedEntries }>(async ({ input }) => {
        await (opts.save ?? (async () => undefined))();
        saved.push(input.entries);
        return input.entries;
      }),
      guardLeaving: fromCallback(({ sendBack }) => {
        guard.installed++;
        guard.clickLink = (href) => sendBack({ type: 'leave.request', href });
        return () => {
          guard.installed--;
        };
      }),
    },
    actions: { reportError: record('reportError'), notifySaved: record('notifySaved'), leave: record('leave') },
  });
  const actor = createActor(logic, { input: { id: 7 } }).start();
  return { actor, calls, saved, guard };
}

const firstUserKey = (actor: ReturnType<typeof start>['actor']) => actor.getSnapshot().context.draft.users[0].key;

describe('definedEntriesMachine', () => {
  it('loads the stored entries into a clean draft, with no leave guard', async () => {
    const { actor, guard } = start();
    await waitFor(actor, (s) => s.matches({ editing: 'clean' }));
    expect(actor.getSnapshot().context.draft.users.map((u) => u.name)).toEqual(['Ghost']);
    expect(guard.installed).toBe(0);
  });

  it('is dirty only while the draft differs from what is saved; blank names do not count', async () => {
    const { actor, guard } = start();
    await waitFor(actor, (s) => s.matches({ editing: 'clean' }));
    actor.send({ type: 'user.add' });
    expect(actor.getSnapshot().matches({ editing: 'clean' })).toBe(true);
    actor.send({ type: 'user.change', key: firstUserKey(actor), name: 'Phantom' });
    expect(actor.getSnapshot().matches({ editing: 'dirty' })).toBe(true);
    expect(guard.installed).toBe(1);
    actor.send({ type: 'user.change', key: firstUserKey(actor), name: 'Ghost' });
    expect(actor.getSnapshot().matches({ editing: 'clean' })).toBe(true);
    expect(guard.installed).toBe(0);
  });

  it('saves the cleaned entries, says so and is clean again', async () => {
    const { actor, calls, saved } = start();
    await waitFor(actor, (s) => s.matches({ editing: 'clean' }));
    actor.send({ type: 'team.add' });
    const team = actor.getSnapshot().context.draft.teams[0];
    actor.send({ type: 'team.change', key: team.key, name: 'Night Owls' });
    actor.send({ type: 'member.change', teamKey: team.key, key: team.members[0].key, name: ' Hoot ' });
    actor.send({ type: 'entries.save' });
    await waitFor(actor, (s) => s.matches({ editing: 'clean' }));
    expect(saved).toEqual([{ definedUsers: [{ name: 'Ghost' }], definedTeams: [{ name: 'Night Owls', definedMembers: ['Hoot'] }] }]);
    expect(calls).toEqual(['notifySaved']);
  });

  it('asks before leaving with unsaved changes: Stay keeps the draft, Leave goes where the admin clicked', async () => {
    const { actor, calls, guard } = start();
    await waitFor(actor, (s) => s.matches({ editing: 'clean' }));
    actor.send({ type: 'user.change', key: firstUserKey(actor), name: 'Phantom' });
    guard.clickLink('/admin/tournaments');
    expect(actor.getSnapshot().value).toBe('confirmingLeave');
    actor.send({ type: 'leave.cancel' });
    expect(actor.getSnapshot().matches({ editing: 'dirty' })).toBe(true);
    guard.clickLink('/tournaments/7/details');
    actor.send({ type: 'leave.confirm' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls).toEqual(['leave:{"href":"/tournaments/7/details"}']);
    expect(guard.installed).toBe(0);
  });

  it('keeps the draft when the save is refused, and reports the load failure with a retry', async () => {
    const { actor, calls } = start({ save: async () => Promise.reject(new ApiError(400, 'Names must be unique')) });
    await waitFor(actor, (s) => s.matches({ editing: 'clean' }));
    actor.send({ type: 'user.change', key: firstUserKey(actor), name: 'Phantom' });
    actor.send({ type: 'entries.save' });
    await waitFor(actor, (s) => s.matches({ editing: 'dirty' }));
    expect(calls).toEqual(['reportError:Names must be unique']);

    const failing = start({ load: async () => Promise.reject(new ApiError(500, 'busy')) });
    await waitFor(failing.actor, (s) => s.matches('failed'));
    expect(failing.actor.getSnapshot().can({ type: 'load.retry' })).toBe(true);
  });
});
