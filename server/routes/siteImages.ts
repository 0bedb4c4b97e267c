import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { requireRole } from '../auth/plugin';
import { readImageUpload } from '../storage/images';
import { listSiteImages, setSiteImage } from '../services/siteImages';
import type { ImageType } from '../../src/domain/constants';

/** The upload path of each site image slot (seasons-and-admin §7). */
export const SITE_IMAGE_PATHS: Record<string, ImageType> = {
  homepage: 'HOME_PAGE_BANNER',
  'season-image': 'SEASON_IMAGE',
  'tournament-image': 'TOURNAMENT_IMAGE',
  'league-info-image': 'LEAGUE_INFO_IMAGE',
  'title-logo': 'TITLE_LOGO',
  logo: 'LOGO',
};

export function siteImageRoutes(app: FastifyInstance, db: Db) {
  /** Public: every page shows these (the banner, the logos), guests included. */
  app.get('/v1/admin/images', async () => listSiteImages(db));

  for (const [path, imageType] of Object.entries(SITE_IMAGE_PATHS)) {
    app.post(`/v1/admin/${path}`, async (request) => {
      requireRole(request);
      return setSiteImage(db, imageType, await readImageUpload(request));
    });
  }
}
