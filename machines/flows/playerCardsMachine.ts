import { fromPromise, setup } from 'xstate';
import type { PlayerCardBody } from '../../src/api/contract/admin';
import { createPlayerCard, deletePlayerCard, uploadPlayerCardImage } from '../../src/api/endpoints/playerCards';

export type PlayerCardsEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'card.add'; body: PlayerCardBody; file: File | null }
  | { type: 'card.delete'; id: number };

type AddInput = { body: PlayerCardBody; file: File };

/**
 * The spec's two calls make one card: the fields, then the picture. A picture the server refuses takes its new card
 * away again, so no card is left without one.
 */
async function addCard({ body, file }: AddInput) {
  const { id } = await createPlayerCard(body);
  try {
    return await uploadPlayerCardImage(id, file);
  } catch (err) {
    await deletePlayerCard(id).catch(() => undefined);
    throw err;
  }
}

/**
 * The staff controls of the player cards page: the Add Player Card dialog (idle → editing → adding) and the
 * confirmed delete (idle → deleting). A card without an image is refused before sending (Image Required); a failed
 * delete is only logged (seasons-and-admin §8).
 */
export const playerCardsMachine = setup({
  types: { events: {} as PlayerCardsEvent },
  actors: {
    addCard: fromPromise<unknown, AddInput>(({ input }) => addCard(input)),
    deleteCard: fromPromise<unknown, { id: number }>(({ input }) => deletePlayerCard(input.id)),
  },
  actions: {
    reload: () => {},
    reportImageRequired: () => {},
    reportError: (_, _params: { error: unknown }) => {},
    logError: (_, _params: { error: unknown }) => {},
  },
  guards: {
    hasImage: ({ event }) => event.type === 'card.add' && event.file !== null,
  },
}).createMachine({
  id: 'playerCards',
  initial: 'idle',
  states: {
    idle: {
      on: {
        'dialog.open': 'editing',
        'card.delete': 'deleting',
      },
    },
    editing: {
      on: {
        'dialog.close': 'idle',
        'card.add': [{ guard: 'hasImage', target: 'adding' }, { actions: 'reportImageRequired' }],
      },
    },
    adding: {
      invoke: {
        src: 'addCard',
        input: ({ event }) => {
          const { body, file } = event as Extract<PlayerCardsEvent, { type: 'card.add' }>;
          return { body, file: file! };
        },
        onDone: { target: 'idle', actions: 'reload' },
        onError: { target: 'editing', actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleting: {
      invoke: {
        src: 'deleteCard',
        input: ({ event }) => ({ id: (event as Extract<PlayerCardsEvent, { type: 'card.delete' }>).id }),
        onDone: { target: 'idle', actions: 'reload' },
        onError: { target: 'idle', actions: [{ type: 'logError', params: ({ event }) => ({ error: event.error }) }, 'reload'] },
      },
    },
  },
});
