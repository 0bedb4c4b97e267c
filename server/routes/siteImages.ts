import { array } from 'superstruct';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { defineRoute, UPLOAD } from '../http/route';
import { readImageUpload } from '../storage/images';
import { listSiteImages, setSiteImage } from '../services/siteImages';
import { SiteImage } from '../../src/api/contract/admin';
import { SITE_IMAGE_SLOTS } from '../../src/domain/siteImages';

export function siteImageRoutes(app: FastifyInstance, db: Db) {
  defineRoute(
    app,
    { method: 'GET', url: '/v1/admin/images', summary: 'The site images every page shows (the banner, the logos)', access: 'public', responses: array(SiteImage) },
    async () => listSiteImages(db),
  );

  for (const { path, type } of SITE_IMAGE_SLOTS) {
    defineRoute(
      app,
      { method: 'POST', url: `/v1/admin/${path}`, summary: `Upload the ${type} site image`, access: 'staff', body: UPLOAD, responses: SiteImage },
      async ({ request, user }) => setSiteImage(db, user.id, type, await readImageUpload(request)),
    );
  }
}
