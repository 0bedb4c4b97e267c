import { type } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { pageAnswer, toPage } from '../http/validate';
import { defineRoute, input, UPLOAD } from '../http/route';
import { readImageUpload } from '../storage/images';
import { createPlayerCard, deletePlayerCard, listPlayerCards, setPlayerCardImage } from '../services/playerCards';
import { PlayerCard, PlayerCardBody } from '../../src/api/contract/admin';
import { Created } from '../../src/api/contract/tournament';
import { IdParam, PageQuery, Paged } from '../../src/api/contract/common';
import { PLAYER_CARDS_PAGE_SIZE } from '../../src/domain/constants';
import { VALIDATION } from '../../src/domain/messages';

const ById = type({ id: IdParam });

/** Player cards (seasons-and-admin §7): anyone reads them; staff add (two calls: fields, then image) and delete. */
export function playerCardRoutes(app: FastifyInstance, db: Db) {
  defineRoute(
    app,
    { method: 'GET', url: '/v1/admin/player-cards', summary: 'The player cards, paged and searchable', access: 'public', query: PageQuery, responses: Paged(PlayerCard) },
    async ({ query }) => {
      const page = toPage(query, PLAYER_CARDS_PAGE_SIZE);
      const { rows, total } = await listPlayerCards(db, page);
      return pageAnswer(page, total, rows);
    },
  );

  defineRoute(
    app,
    { method: 'POST', url: '/v1/admin/player-card', summary: "Add a player card's fields (its image comes next); answers its id", access: 'staff', body: input(PlayerCardBody, { messages: VALIDATION.playerCard }), responses: Created },
    async ({ user, body }) => createPlayerCard(db, body, user),
  );

  defineRoute(
    app,
    { method: 'PATCH', url: '/v1/admin/player-card/:id/image', summary: "Upload a player card's image", access: 'staff', params: ById, body: UPLOAD, responses: PlayerCard },
    async ({ request, user, params }) => setPlayerCardImage(db, params.id, await readImageUpload(request), user),
  );

  defineRoute(
    app,
    { method: 'DELETE', url: '/v1/admin/player-card/:id', summary: 'Delete a player card', access: 'staff', params: ById, responses: null },
    async ({ user, params }) => {
      await deletePlayerCard(db, params.id, user);
    },
  );
}
