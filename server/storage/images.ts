import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { images, siteImages, socialPosts, teams, temporaryTeams, tournaments, users } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { idParam } from '../http/validate';
import { LOGO_MAX_BYTES } from '../../src/domain/constants';

const UPLOAD_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
const URL_PREFIX = '/v1/images/';

/** Stores an image and returns the URL it is served from. */
export async function saveImage(db: Db | Tx, data: Buffer, contentType: string): Promise<string> {
  const [row] = await db
    .insert(images)
    .values({ contentType, data: data.toString('base64') })
    .returning({ id: images.id });
  return `${URL_PREFIX}${row.id}`;
}

/**
 * Every column of the schema that can show a stored image. An image URL is shared freely (a temporary team starts
 * with its permanent team's logo, the demo teams share logos, a banner may reuse a logo), so an image is deleted
 * only when none of these shows it any more. A new column that holds an image URL belongs here
 * (tests/server/images.test.ts fails otherwise).
 */
export const IMAGE_COLUMNS: readonly PgColumn[] = [
  teams.logoUrl,
  users.picture,
  tournaments.graphicUrl,
  temporaryTeams.logoUrl,
  siteImages.url,
  socialPosts.imageUrl,
];

/** Deletes an image we stored (a URL we did not issue is ignored) when no row shows it any more. */
export async function deleteImageIfUnused(db: Db | Tx, url: string | null | undefined): Promise<void> {
  const id = storedImageId(url);
  if (id === null) return;
  const shownBy = await Promise.all(
    IMAGE_COLUMNS.map((column) => db.select({ url: column }).from(column.table).where(eq(column, url!)).limit(1)),
  );
  if (shownBy.every((rows) => rows.length === 0)) await db.delete(images).where(eq(images.id, id));
}

function storedImageId(url: string | null | undefined): number | null {
  if (!url?.startsWith(URL_PREFIX)) return null;
  const id = Number(url.slice(URL_PREFIX.length));
  return Number.isInteger(id) ? id : null;
}

/** Reads the single `file` field of a multipart upload: an image of at most 5MB, else 400. */
export async function readImageUpload(request: FastifyRequest): Promise<{ data: Buffer; contentType: string }> {
  if (!request.isMultipart()) throw badRequest('Please upload an image as multipart form data (field "file")');
  const file = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
  if (!file) throw badRequest('Please select an image to upload');
  if (!UPLOAD_TYPES.has(file.mimetype)) throw badRequest('Please upload a PNG, JPEG, GIF or WebP image');
  const data = await file.toBuffer();
  if (file.file.truncated) throw badRequest('The image must be under 5MB');
  if (data.length === 0) throw badRequest('The image is empty');
  return { data, contentType: file.mimetype };
}

export function imageRoutes(app: FastifyInstance, db: Db) {
  app.get('/v1/images/:id', async (request, reply) => {
    const id = idParam((request.params as { id: string }).id);
    const [row] = await db.select().from(images).where(eq(images.id, id));
    if (!row) throw notFound('Image not found');
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      // Generated SVG logos are served as images only; nothing inside them may run.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type(row.contentType);
    return reply.send(Buffer.from(row.data, 'base64'));
  });
}
