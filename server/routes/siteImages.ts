import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { requireRole } from '../auth/plugin';
import { readImageUpload } from '../storage/images';
import { listSiteImages, setSiteImage } from '../services/siteImages';
import { SITE_IMAGE_SLOTS } from '../../src/domain/siteImages';

export function siteImageRoutes(app: FastifyInstance, db: Db) {
  /** Public: every page shows these (the banner, the logos), guests included. */
  app.get('/v1/admin/images', async () => listSiteImages(db));

  for (const { path, type } of SITE_IMAGE_SLOTS) {
    app.post(`/v1/admin/${path}`, async (request) => {
      const actor = requireRole(request);
      return setSiteImage(db, actor.id, type, await readImageUpload(request));
    });
  }
}
