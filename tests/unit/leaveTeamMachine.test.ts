import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { leaveTeamMachine } from '../../machines/flows/leaveTeamMachine';
import type { LeagueTeamLeft } from '../../src/api/contract/transfer';

const request = (amountDue: number): LeagueTeamLeft => ({
  transfer: { id: 9, teamId: 3, teamName: 'Owls', userId: 7, userName: 'Me', addPlayer: false, approved: null, rejectedReason: null, status: amountDue ? 'AWAITING_PAYMENT' : 'PENDING' },
  amountDue,
});

function start(answer: LeagueTeamLeft) {
  const reports: string[] = [];
  const logic = leaveTeamMachine.provide({
    actors: { leave: fromPromise(async () => answer) },
    actions: {
      notifyLeft: () => reports.push('left'),
      notifyRequested: () => reports.push('requested'),
      refresh: () => reports.push('refresh'),
      reportError: () => reports.push('error'),
    },
  });
  return { actor: createActor(logic, { input: { teamId: 3 } }).start(), reports };
}

describe('leaveTeamMachine', () => {
  it('offers Leave Team to a member who has not asked to leave already, and to nobody else', () => {
    const { actor } = start({ locked: false });
    expect(actor.getSnapshot().can({ type: 'leave.ask', isMember: true, removalAsked: false })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'leave.ask', isMember: false, removalAsked: false })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'leave.ask', isMember: true, removalAsked: true })).toBe(false);
  });

  it('leaves at once outside a season: Team Left', async () => {
    const { actor, reports } = start({ locked: false });
    actor.send({ type: 'leave.ask', isMember: true, removalAsked: false });
    actor.send({ type: 'leave.confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(reports).toEqual(['left', 'refresh']);
  });

  it('in a season the answer is a removal request: Approval Pending, the member stays', async () => {
    const { actor, reports } = start(request(0));
    actor.send({ type: 'leave.ask', isMember: true, removalAsked: false });
    actor.send({ type: 'leave.confirm' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(reports).toEqual(['requested', 'refresh']);
  });

  it('with a transfer fee the payment comes first; closing it unpaid asks nothing', async () => {
    const { actor, reports } = start(request(2.5));
    actor.send({ type: 'leave.ask', isMember: true, removalAsked: false });
    actor.send({ type: 'leave.confirm' });
    await waitFor(actor, (s) => s.matches('paying'));
    expect(actor.getSnapshot().context.fee).toEqual({ request: { teamId: 3, addPlayer: false, userId: 7 }, amount: 2.5 });
    actor.send({ type: 'fee.done', sent: false });
    expect(reports).toEqual(['refresh']);
    expect(actor.getSnapshot().context.fee).toBeNull();
  });
});
