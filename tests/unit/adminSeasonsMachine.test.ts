import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { adminSeasonsMachine, seasonAllows, type SeasonAction } from '../../machines/flows/adminSeasonsMachine';
import type { Season, SeasonBody } from '../../src/api/contract/season';
import { season } from './seasonFixture';

function start(opts: { fail?: boolean } = {}) {
  const calls: string[] = [];
  const reports: string[] = [];
  const answer = (what: string) => {
    calls.push(what);
    return opts.fail ? Promise.reject(new Error('refused')) : Promise.resolve();
  };
  const logic = adminSeasonsMachine.provide({
    actors: {
      runAction: fromPromise<unknown, { id: number; action: SeasonAction }>(({ input }: { input: { id: number; action: SeasonAction } }) => answer(`${input.action} ${input.id}`)),
      saveSeason: fromPromise(async ({ input }: { input: { season: Season | null; body: SeasonBody; webhook?: string | null } }) => {
        await answer(input.season ? `update ${input.season.id} ${input.body.name}` : `create ${input.body.name}`);
        if (input.webhook !== undefined) calls.push(`webhook ${input.webhook}`);
        return { webhookError: (input.webhook === 'https://refused' ? new Error('refused webhook') : null) as unknown };
      }),
      saveSplits: fromPromise(({ input }: { input: { id: number; splits: number[] } }) => answer(`splits ${input.id} ${input.splits.join(',')}`)),
    },
    actions: {
      notifyDone: (_, { action, season: s }) => reports.push(`done ${action} ${s.name}`),
      notifySaved: (_, { edited }) => reports.push(edited ? 'edited' : 'added'),
      notifySplitsSaved: () => reports.push('splits saved'),
      reportError: () => reports.push('error'),
      reload: () => reports.push('reload'),
    },
  });
  return { actor: createActor(logic).start(), calls, reports };
}

describe('adminSeasonsMachine', () => {
  it('offers each state exactly the spec’s menu actions', () => {
    const offered = (type: Parameters<typeof season>[0]) =>
      (['closeSignups', 'reopenSignups', 'startGroupStages', 'resetGroupStages', 'startPlayoffs', 'revertToGroupStages', 'delete', 'edit', 'preview', 'splits'] as const).filter(
        (a) => seasonAllows(season(type, { divisionSplits: [12] }), a),
      );
    expect(offered('OPEN')).toEqual(['closeSignups', 'delete', 'edit']);
    expect(offered('CLOSED')).toEqual(['reopenSignups', 'startGroupStages', 'delete', 'edit', 'preview', 'splits']);
    expect(offered('GROUP_STAGES')).toEqual(['resetGroupStages', 'startPlayoffs', 'delete', 'edit']);
    expect(offered('PLAYOFFS')).toEqual(['revertToGroupStages', 'delete', 'edit']);
    expect(offered('COMPLETE')).toEqual(['delete', 'edit']);
  });

  it('offers Start Group Stages only when the saved splits cover every joined team', () => {
    expect(seasonAllows(season('CLOSED', { divisionSplits: [] }), 'startGroupStages')).toBe(false);
    expect(seasonAllows(season('CLOSED', { divisionSplits: [6, 5] }), 'startGroupStages')).toBe(false);
    expect(seasonAllows(season('CLOSED', { divisionSplits: [6, 6] }), 'startGroupStages')).toBe(true);
  });

  it('asks before closing signups, then calls, notifies with the season and reloads', async () => {
    const { actor, calls, reports } = start();
    actor.send({ type: 'row.act', season: season('OPEN'), action: 'closeSignups' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(calls).toEqual([]);
    actor.send({ type: 'action.confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls).toEqual(['closeSignups 7']);
    expect(reports).toEqual(['done closeSignups Winter', 'reload']);
  });

  it('cancelling a confirmation calls nothing', () => {
    const { actor, calls } = start();
    actor.send({ type: 'row.act', season: season('PLAYOFFS'), action: 'delete' });
    actor.send({ type: 'action.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.target).toBeNull();
    expect(calls).toEqual([]);
  });

  it('starts the group stages without asking', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'row.act', season: season('CLOSED', { divisionSplits: [12] }), action: 'startGroupStages' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls).toEqual(['startGroupStages 7']);
  });

  it('ignores an action the season’s state does not allow', () => {
    const { actor } = start();
    actor.send({ type: 'row.act', season: season('OPEN'), action: 'startPlayoffs' });
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('reports a refusal and reloads so the menu shows the state as it is now', async () => {
    const { actor, reports } = start({ fail: true });
    actor.send({ type: 'row.act', season: season('GROUP_STAGES'), action: 'startPlayoffs' });
    actor.send({ type: 'action.confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(reports).toEqual(['error', 'reload']);
  });

  it('adds and edits through the dialog, and stays in it when the server refuses', async () => {
    const body = { name: 'Spring' } as SeasonBody;
    const { actor, calls, reports } = start();
    actor.send({ type: 'form.open', season: null });
    actor.send({ type: 'form.submit', body });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'form.open', season: season('OPEN') });
    actor.send({ type: 'form.submit', body });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls).toEqual(['create Spring', 'update 7 Spring']);
    expect(reports).toEqual(['added', 'reload', 'edited', 'reload']);

    const refused = start({ fail: true });
    refused.actor.send({ type: 'form.open', season: null });
    refused.actor.send({ type: 'form.submit', body });
    await waitFor(refused.actor, (s) => s.matches('editing'));
    expect(refused.reports).toEqual(['error']);
  });

  it('passes the Discord webhook change on, and reports a refused one after the season is saved', async () => {
    const body = { name: 'Summer' } as SeasonBody;
    const { actor, calls, reports } = start();
    actor.send({ type: 'form.open', season: season('OPEN') });
    actor.send({ type: 'form.submit', body, webhook: null });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'form.open', season: null });
    actor.send({ type: 'form.submit', body, webhook: 'https://refused' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls).toEqual(['update 7 Summer', 'webhook null', 'create Summer', 'webhook https://refused']);
    // Saved either way (the dialog closes: submitting again would add a second season), the refusal reported.
    expect(reports).toEqual(['edited', 'reload', 'added', 'error', 'reload']);
  });

  it('saves splits only when Remaining Teams is 0, with zeros dropped', async () => {
    const { actor, calls, reports } = start();
    actor.send({ type: 'splits.open', season: season('CLOSED') });
    expect(actor.getSnapshot().context.splits).toEqual([12]);
    actor.send({ type: 'splits.change', index: 0, value: 8 });
    actor.send({ type: 'splits.add' });
    actor.send({ type: 'splits.add' });
    expect(actor.getSnapshot().can({ type: 'splits.save' })).toBe(false);
    actor.send({ type: 'splits.change', index: 2, value: 4 });
    expect(actor.getSnapshot().context.splits).toEqual([8, 0, 4]);
    actor.send({ type: 'splits.save' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(calls).toEqual(['splits 7 8,0,4']);
    expect(reports).toEqual(['splits saved', 'reload']);
  });

  it('opens the splits editor from the saved splits, and only for a CLOSED season', () => {
    const { actor } = start();
    actor.send({ type: 'splits.open', season: season('OPEN') });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'splits.open', season: season('CLOSED', { divisionSplits: [7, 5] }) });
    expect(actor.getSnapshot().context.splits).toEqual([7, 5]);
  });
});
