import { eq, getTableName, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client';
import { images, playerCards, siteImages, socialPosts, teams, temporaryTeams, tournaments, users } from '../db/schema';
import { badRequest, HttpError, notFound } from '../http/errors';
import { type } from 'superstruct';
import { defineRoute } from '../http/route';
import { IdParam } from '../../src/api/contract/common';
import { LOGO_MAX_BYTES } from '../../src/domain/constants';
import { IMAGE_TOO_LARGE } from '../../src/domain/messages';

/** The formats an upload may be, told by their first bytes (the declared type is the client's word, not proof). */
const SIGNATURES: { type: string; matches: (b: Buffer) => boolean }[] = [
  { type: 'image/png', matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    matches: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];
const UPLOAD_TYPES = new Set(SIGNATURES.map((s) => s.type));
const FILE_FIELD = 'file';
const UNSUPPORTED = 'Please upload a PNG, JPEG, GIF or WebP image';

/** The image type the bytes really are, or null. */
export const sniffImageType = (data: Buffer) => SIGNATURES.find((s) => s.matches(data))?.type ?? null;
const URL_PREFIX = '/v1/images/';

/**
 * SQL: the content type of the stored image that `column` shows (null for none, or a URL we did not issue), read by
 * primary key in the same statement, without the image's bytes. Link previews need it: crawlers show no SVG.
 */
export function storedImageType(column: PgColumn) {
  // Spelled with its table: a query of one table writes its columns bare, and inside the subquery a bare name is the
  // images table's.
  const url = sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
  return sql<string | null>`(select i.content_type from ${images} i where i.id = case when ${url} ~ '^/v1/images/[1-9][0-9]{0,8}$' then substr(${url}, ${sql.raw(String(URL_PREFIX.length + 1))})::int end)`;
}

/** Whether a stored image of this type is a picture every link-preview crawler shows (the upload formats; not SVG). */
export const isSharedImageType = (contentType: string | null): contentType is string => contentType !== null && UPLOAD_TYPES.has(contentType);

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
  playerCards.pictureUrl,
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
  try {
    const file = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
    if (!file) throw badRequest('Please select an image to upload');
    if (file.fieldname !== FILE_FIELD) throw badRequest(`Please send the image in the form field "${FILE_FIELD}"`);
    if (!UPLOAD_TYPES.has(file.mimetype)) throw badRequest(UNSUPPORTED);
    const data = await file.toBuffer();
    if (file.file.truncated) throw badRequest(IMAGE_TOO_LARGE);
    if (data.length === 0) throw badRequest('The image is empty');
    // Stored with the type its bytes prove, so an HTML page or a script-carrying SVG labelled image/png is refused.
    const contentType = sniffImageType(data);
    if (!contentType) throw badRequest(UNSUPPORTED);
    return { data, contentType };
  } catch (err) {
    throw uploadError(err);
  }
}

/** Our own refusals and the multipart plugin's 4xx pass through; a body the parser could not read is a 400. */
function uploadError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const status = (err as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) return err;
  return badRequest('The upload could not be read: malformed multipart form data');
}

export function imageRoutes(app: FastifyInstance, db: Db) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/v1/images/:id',
      summary: 'An uploaded image (logos, pictures, site images); immutable, cached for a year',
      access: 'public',
      params: type({ id: IdParam }),
      responses: { contentType: 'image/*', description: 'The image as uploaded (PNG, JPEG, WebP, GIF) or a generated SVG' },
    },
    async ({ reply, params: { id } }) => {
    const [row] = await db.select().from(images).where(eq(images.id, id));
    if (!row) throw notFound('Image not found');
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      // Generated SVG logos are served as images only; nothing inside them may run.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type(row.contentType);
    return reply.send(Buffer.from(row.data, 'base64'));
    },
  );
}
