import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { joinSeasonMachine } from '../../machines/flows/joinSeasonMachine';
import type { PaymentSecret } from '../../src/api/contract/billing';
import { JOIN_SEASON_TOOLTIPS, VALIDATION } from '../../src/domain/messages';

const secret: PaymentSecret = { clientSecret: 'lpi_1_secret_1', provider: 'local', amount: 20, currency: 'eur' };

function start(answer: () => Promise<true | PaymentSecret> = async () => secret) {
  const log: string[] = [];
  const logic = joinSeasonMachine.provide({
    actors: {
      joinSeason: fromPromise(async ({ input }: { input: { seasonId: number; teamId: number } }) => {
        log.push(`join ${input.seasonId} ${input.teamId}`);
        return answer();
      }),
    },
    actions: {
      refresh: () => log.push('refresh'),
      notifyJoined: () => log.push('joined'),
      reportError: (_, { error }) => log.push(`error ${(error as Error).message}`),
    },
  });
  return { actor: createActor(logic, { input: { seasonId: 4, teamId: 9 } }).start(), log };
}

describe('joinSeasonMachine', () => {
  it('calls join only with the terms ticked, and says why not otherwise', async () => {
    const { actor, log } = start();
    actor.send({ type: 'join.open' });
    actor.send({ type: 'join.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.termsError).toBe(VALIDATION.terms);
    expect(log).toEqual([]);
    actor.send({ type: 'terms.change', agreed: true });
    expect(actor.getSnapshot().context.termsError).toBeNull();
    actor.send({ type: 'join.submit' });
    await waitFor(actor, (s) => s.matches('paying'));
    expect(actor.getSnapshot().context.clientSecret).toBe(secret.clientSecret);
    expect(log).toEqual(['join 4 9']);
  });

  it('re-reads the season after the payment succeeds or the dialog closes', async () => {
    const { actor, log } = start();
    for (const end of ['payment.succeeded', 'payment.close'] as const) {
      actor.send({ type: 'join.open' });
      actor.send({ type: 'terms.change', agreed: true });
      actor.send({ type: 'join.submit' });
      await waitFor(actor, (s) => s.matches('paying'));
      actor.send({ type: end });
      expect(actor.getSnapshot().value).toBe('closed');
    }
    expect(log).toEqual(['join 4 9', 'refresh', 'join 4 9', 'refresh']);
  });

  it('joins a free season without a payment', async () => {
    const { actor, log } = start(async () => true);
    actor.send({ type: 'join.open' });
    actor.send({ type: 'terms.change', agreed: true });
    actor.send({ type: 'join.submit' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(log).toEqual(['join 4 9', 'joined', 'refresh']);
  });

  it('stays in the dialog with the server’s refusal', async () => {
    const { actor, log } = start(async () => Promise.reject(new Error(JOIN_SEASON_TOOLTIPS.alreadyIn)));
    actor.send({ type: 'join.open' });
    actor.send({ type: 'terms.change', agreed: true });
    actor.send({ type: 'join.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(log).toEqual(['join 4 9', `error ${JOIN_SEASON_TOOLTIPS.alreadyIn}`]);
  });

  it('starts every opening with the box unticked', () => {
    const { actor } = start();
    actor.send({ type: 'join.open' });
    actor.send({ type: 'terms.change', agreed: true });
    actor.send({ type: 'join.cancel' });
    actor.send({ type: 'join.open' });
    expect(actor.getSnapshot().context.agreed).toBe(false);
  });
});
