import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { requireRole } from '../auth/plugin';
import { idParam, pageQuery, parse } from '../http/validate';
import { readImageUpload } from '../storage/images';
import { createPlayerCard, deletePlayerCard, listPlayerCards, setPlayerCardImage } from '../services/playerCards';
import { PlayerCardBody } from '../../src/api/contract/admin';
import { PLAYER_CARDS_PAGE_SIZE } from '../../src/domain/constants';
import { VALIDATION } from '../../src/domain/messages';

const cardId = (request: { params: unknown }) => idParam((request.params as { id: string }).id);

/** Player cards (seasons-and-admin §7): anyone reads them; staff add (two calls: fields, then image) and delete. */
export function playerCardRoutes(app: FastifyInstance, db: Db) {
  app.get('/v1/admin/player-cards', async (request) => {
    const page = pageQuery(request.query, PLAYER_CARDS_PAGE_SIZE);
    const { rows, total } = await listPlayerCards(db, page);
    return { pageNo: page.pageNo, pageSize: page.perPage, total, results: rows };
  });

  app.post('/v1/admin/player-card', async (request) => {
    const admin = requireRole(request);
    return createPlayerCard(db, parse(PlayerCardBody, request.body, VALIDATION.playerCard), admin);
  });

  app.patch('/v1/admin/player-card/:id/image', async (request) => {
    const admin = requireRole(request);
    const id = cardId(request);
    return setPlayerCardImage(db, id, await readImageUpload(request), admin);
  });

  app.delete('/v1/admin/player-card/:id', async (request, reply) => {
    const admin = requireRole(request);
    await deletePlayerCard(db, cardId(request), admin);
    return reply.code(204).send();
  });
}
