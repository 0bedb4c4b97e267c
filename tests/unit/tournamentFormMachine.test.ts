import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { tournamentFormMachine } from '../../machines/flows/tournamentFormMachine';
import { emptyValues, valuesOf, type TournamentFormValues } from '../../machines/rules/tournamentForm';
import type { Tournament } from '../../src/api/contract/tournament';
import { ApiError } from '../../src/api/client';
import { aTournament, effectLog } from '../support/machineFixtures';

function start(
  tournament: Tournament | null,
  opts: { save?: () => Promise<number>; upload?: () => Promise<void>; webhook?: () => Promise<unknown> } = {},
) {
  const { calls, record } = effectLog();
  const requests: string[] = [];
  const logic = tournamentFormMachine.provide({
    actors: {
      saveTournament: fromPromise<number, { tournament: Tournament | null; values: TournamentFormValues }>(async ({ input }) => {
        requests.push(input.tournament ? `update ${input.tournament.id}` : 'create');
        return (opts.save ?? (async () => 42))();
      }),
      saveWebhook: fromPromise<unknown, { id: number; url: string | null }>(async ({ input }) => {
        requests.push(`webhook ${input.id} ${input.url}`);
        return (opts.webhook ?? (async () => undefined))();
      }),
      uploadLogo: fromPromise<void, { id: number; file: File }>(async ({ input }) => {
        requests.push(`logo ${input.id} ${input.file.name}`);
        await (opts.upload ?? (async () => undefined))();
      }),
    },
    actions: { reportError: record('reportError'), saved: record('saved') },
  });
  return { actor: createActor(logic, { input: { tournament } }).start(), calls, requests };
}

const logo = new File(['png'], 'logo.png', { type: 'image/png' });

describe('tournamentFormMachine', () => {
  it('adds a tournament, uploads the picked logo, then tells the view it was added', async () => {
    const { actor, calls, requests } = start(null);
    actor.send({ type: 'form.submit', values: { ...emptyValues(), logo } });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests).toEqual(['create', 'logo 42 logo.png']);
    expect(calls).toEqual(['saved:{"added":true}']);
  });

  it('edits a tournament without a logo in one call', async () => {
    const tournament = aTournament({ id: 5 });
    const { actor, calls, requests } = start(tournament);
    actor.send({ type: 'form.submit', values: valuesOf(tournament) });
    await waitFor(actor, (s) => s.status === 'done');
    expect(requests).toEqual(['update 5']);
    expect(calls).toEqual(['saved:{"added":false}']);
  });

  it('sets, replaces or removes the Discord webhook after saving and before the logo; an empty field leaves it', async () => {
    const url = 'https://discord.com/api/webhooks/123456789/abcdefghijklmnopqrstuvwxyz';
    const added = start(null);
    added.actor.send({ type: 'form.submit', values: { ...emptyValues(), discordWebhook: ` ${url} `, logo } });
    await waitFor(added.actor, (s) => s.status === 'done');
    expect(added.requests).toEqual(['create', `webhook 42 ${url}`, 'logo 42 logo.png']);

    const tournament = aTournament({ id: 5 });
    const removed = start(tournament, { save: async () => 5 });
    removed.actor.send({ type: 'form.submit', values: { ...valuesOf(tournament), discordWebhook: url, removeWebhook: true } });
    await waitFor(removed.actor, (s) => s.status === 'done');
    expect(removed.requests).toEqual(['update 5', 'webhook 5 null']);

    const refused = start(tournament, { webhook: async () => Promise.reject(new ApiError(400, 'Please input a Discord webhook URL')) });
    refused.actor.send({ type: 'form.submit', values: { ...valuesOf(tournament), discordWebhook: url } });
    await waitFor(refused.actor, (s) => s.status === 'done');
    expect(refused.calls).toEqual(['reportError:Please input a Discord webhook URL', 'saved:{"added":false}']);
  });

  it('returns to editing when the server refuses, and counts a failed logo upload as saved', async () => {
    const refused = start(null, { save: async () => Promise.reject(new ApiError(400, 'Title is required')) });
    refused.actor.send({ type: 'form.submit', values: emptyValues() });
    await waitFor(refused.actor, (s) => s.matches('editing'));
    expect(refused.calls).toEqual(['reportError:Title is required']);

    const noLogo = start(null, { upload: async () => Promise.reject(new ApiError(413, 'The image is too large')) });
    noLogo.actor.send({ type: 'form.submit', values: { ...emptyValues(), logo } });
    await waitFor(noLogo.actor, (s) => s.status === 'done');
    expect(noLogo.calls).toEqual(['reportError:The image is too large', 'saved:{"added":true}']);
  });
});
