import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { siteImages } from '../db/schema';
import { deleteImageIfUnused, saveImage } from '../storage/images';
import { IMAGE_TYPES, type ImageType } from '../../src/domain/constants';
import type { SiteImage } from '../../src/api/contract/admin';
import { recordAudit } from './auditLog';

/** The site images staff have uploaded, in the spec's slot order; an empty slot is left out (the site shows its default). */
export async function listSiteImages(db: Db): Promise<SiteImage[]> {
  const rows = await db.select().from(siteImages);
  const byType = new Map(rows.filter((r) => r.url).map((r) => [r.imageType, r.url]));
  return IMAGE_TYPES.flatMap((imageType) => (byType.has(imageType) ? [{ imageType, url: byType.get(imageType)! }] : []));
}

/** Stores a new image for a slot and deletes the one it replaces (unless something else still shows it). */
export async function setSiteImage(db: Db, actorId: number, imageType: ImageType, image: { data: Buffer; contentType: string }): Promise<SiteImage> {
  return db.transaction(async (tx) => {
    // The slot's row exists and is locked first: two uploads to one slot take turns, so the image the second
    // replaces is the first's and neither is left behind unreferenced.
    await tx.insert(siteImages).values({ imageType, url: '' }).onConflictDoNothing();
    const [previous] = await tx.select().from(siteImages).where(eq(siteImages.imageType, imageType)).for('update');
    const url = await saveImage(tx, image.data, image.contentType);
    await tx.update(siteImages).set({ url }).where(eq(siteImages.imageType, imageType));
    await deleteImageIfUnused(tx, previous?.url);
    const target = { type: 'IMAGE' as const, id: imageType, name: imageType };
    await recordAudit(tx, { actorId, action: 'IMAGE_UPDATED', target, before: { url: previous?.url || null }, after: { url } });
    return { imageType, url };
  });
}
