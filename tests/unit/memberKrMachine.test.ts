import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { memberKrMachine } from '../../machines/flows/memberKrMachine';
import type { SeasonTeam } from '../../src/api/contract/season';

const team: SeasonTeam = {
  id: 3,
  name: 'Night Owls',
  logoUrl: null,
  wins: 0,
  losses: 0,
  gold: 0,
  silver: 0,
  bronze: 0,
  users: [
    { id: 11, discordName: 'Ava', picture: null, teamRole: 'CAPTAIN', katanaRank: 1500 },
    { id: 12, discordName: 'Ben', picture: null, teamRole: 'PLAYER', katanaRank: 1200 },
  ],
  divisionWins: 0,
  divisionLosses: 0,
  averageKR: 1350,
  transferMode: false,
};

function start(fail = false) {
  const log: string[] = [];
  const logic = memberKrMachine.provide({
    actors: {
      saveKr: fromPromise(async ({ input }: { input: { userId: number; kr: number } }) => {
        log.push(`save ${input.userId} ${input.kr}`);
        if (fail) throw new Error('refused');
      }),
    },
    actions: { notifySaved: () => log.push('saved'), reportError: () => log.push('error'), reload: () => log.push('reload') },
  });
  return { actor: createActor(logic).start(), log };
}

describe('memberKrMachine', () => {
  it('opens on the first member with their KR, and follows the member picked', () => {
    const { actor } = start();
    actor.send({ type: 'team.open', team });
    expect(actor.getSnapshot().context).toMatchObject({ userId: 11, kr: 1500 });
    actor.send({ type: 'member.select', userId: 12 });
    expect(actor.getSnapshot().context).toMatchObject({ userId: 12, kr: 1200 });
  });

  it('saves the typed KR for the member, then notifies and reloads the season', async () => {
    const { actor, log } = start();
    actor.send({ type: 'team.open', team });
    actor.send({ type: 'kr.change', kr: 1620 });
    actor.send({ type: 'kr.save' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(log).toEqual(['save 11 1620', 'saved', 'reload']);
  });

  it('refuses an empty KR and stays open when the server refuses', async () => {
    const { actor, log } = start(true);
    actor.send({ type: 'team.open', team });
    actor.send({ type: 'kr.change', kr: '' });
    expect(actor.getSnapshot().can({ type: 'kr.save' })).toBe(false);
    actor.send({ type: 'kr.change', kr: 900 });
    actor.send({ type: 'kr.save' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(log).toEqual(['save 11 900', 'error']);
  });
});
