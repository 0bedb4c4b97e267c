import { assign, fromPromise, setup } from 'xstate';
import type { Tournament } from '../../src/api/contract/tournament';
import { createTournament, updateTournament, uploadTournamentLogo } from '../../src/api/endpoints/adminTournaments';
import { setAnnouncementWebhook } from '../../src/api/endpoints/announcements';
import { toCreateBody, toPatchBody, type TournamentFormValues } from '../rules/tournamentForm';
import { webhookChange } from '../rules/webhookForm';

export interface TournamentFormInput {
  /** The tournament being edited, or null to add one. */
  tournament: Tournament | null;
}

interface Context extends TournamentFormInput {
  values: TournamentFormValues | null;
  savedId: number | null;
}

type FormEvent = { type: 'form.submit'; values: TournamentFormValues };

/**
 * The add/edit dialog: editing → saving → savingWebhook (only when the Discord webhook changes) → uploadingLogo (only
 * when a logo was picked) → saved.
 * The fields validate in the view before `form.submit`; a refusal of the server returns to editing with the
 * shared error notification. A failed webhook change or logo upload still counts as saved: the tournament exists,
 * and Edit can try them again.
 * The view provides `reportError` and `saved` (once the tournament is saved and its logo uploaded when one was picked;
 * `added`: it was a new tournament).
 */
export const tournamentFormMachine = setup({
  types: { context: {} as Context, events: {} as FormEvent, input: {} as TournamentFormInput },
  actors: {
    saveTournament: fromPromise<number, { tournament: Tournament | null; values: TournamentFormValues }>(
      async ({ input: { tournament, values } }) => {
        if (!tournament) return (await createTournament(toCreateBody(values))).id;
        await updateTournament(tournament.id, toPatchBody(values, tournament));
        return tournament.id;
      },
    ),
    saveWebhook: fromPromise<unknown, { id: number; url: string | null }>(({ input }) =>
      setAnnouncementWebhook({ kind: 'tournament', id: input.id }, input.url),
    ),
    uploadLogo: fromPromise<void, { id: number; file: File }>(({ input }) => uploadTournamentLogo(input.id, input.file)),
  },
  actions: {
    reportError: (_, _params: { error: unknown }) => {},
    saved: (_, _params: { added: boolean }) => {},
  },
  guards: {
    hasLogo: ({ context }) => !!context.values?.logo,
    changesWebhook: ({ context }) => !!context.values && webhookChange(context.values) !== undefined,
  },
}).createMachine({
  id: 'tournamentForm',
  context: ({ input }) => ({ ...input, values: null, savedId: null }),
  initial: 'editing',
  states: {
    editing: {
      on: { 'form.submit': { target: 'saving', actions: assign({ values: ({ event }) => event.values }) } },
    },
    saving: {
      invoke: {
        src: 'saveTournament',
        input: ({ context }) => ({ tournament: context.tournament, values: context.values! }),
        onDone: [
          { guard: 'changesWebhook', target: 'savingWebhook', actions: assign({ savedId: ({ event }) => event.output }) },
          { guard: 'hasLogo', target: 'uploadingLogo', actions: assign({ savedId: ({ event }) => event.output }) },
          { target: 'saved', actions: assign({ savedId: ({ event }) => event.output }) },
        ],
        onError: { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    savingWebhook: {
      invoke: {
        src: 'saveWebhook',
        input: ({ context }) => ({ id: context.savedId!, url: webhookChange(context.values!) ?? null }),
        onDone: [{ guard: 'hasLogo', target: 'uploadingLogo' }, { target: 'saved' }],
        onError: [
          { guard: 'hasLogo', target: 'uploadingLogo', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
          { target: 'saved', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    uploadingLogo: {
      invoke: {
        src: 'uploadLogo',
        input: ({ context }) => ({ id: context.savedId!, file: context.values!.logo! }),
        onDone: 'saved',
        onError: { target: 'saved', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { type: 'final', entry: { type: 'saved', params: ({ context }) => ({ added: context.tournament === null }) } },
  },
});
