import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { joinSeasonMachine } from '../../machines/joinSeasonMachine';
import { VALIDATION } from '../../src/domain/messages';

function start() {
  const refreshes: string[] = [];
  const actor = createActor(joinSeasonMachine.provide({ actions: { refresh: () => refreshes.push('refresh') } })).start();
  return { actor, refreshes };
}

describe('joinSeasonMachine', () => {
  it('goes to payment only with the terms ticked, and says why not otherwise', () => {
    const { actor } = start();
    actor.send({ type: 'join.open' });
    actor.send({ type: 'join.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.termsError).toBe(VALIDATION.terms);
    actor.send({ type: 'terms.change', agreed: true });
    expect(actor.getSnapshot().context.termsError).toBeNull();
    actor.send({ type: 'join.submit' });
    expect(actor.getSnapshot().value).toBe('paying');
  });

  it('re-reads the season after the payment succeeds or the dialog closes', () => {
    const { actor, refreshes } = start();
    for (const end of ['payment.succeeded', 'payment.close'] as const) {
      actor.send({ type: 'join.open' });
      actor.send({ type: 'terms.change', agreed: true });
      actor.send({ type: 'join.submit' });
      actor.send({ type: end });
      expect(actor.getSnapshot().value).toBe('closed');
    }
    expect(refreshes).toEqual(['refresh', 'refresh']);
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
