import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { featuredTournament, toTournament } from '../services/tournamentView';

export function tournamentRoutes(app: FastifyInstance, db: Db) {
  /** The home page's featured tournament, or null when none is featured. */
  app.get('/v1/tournament/featured', async (request) => {
    const row = await featuredTournament(db);
    return row ? toTournament(db, row, request.user?.id ?? null) : null;
  });
}
