import { asc, count, eq, ilike } from 'drizzle-orm';
import type { Db } from '../db/client';
import { playerCards } from '../db/schema';
import { lockRowOr404 } from '../db/rowById';
import { deleteImageIfUnused, saveImage } from '../storage/images';
import { likePattern } from './users';
import { auditTargets, recordAudit, type AuditActor } from './auditLog';
import type { PlayerCard, PlayerCardBody } from '../../src/api/contract/admin';

export const PLAYER_CARD_NOT_FOUND = 'Player card not found';

const toPlayerCard = (row: typeof playerCards.$inferSelect): PlayerCard => ({
  id: row.id,
  name: row.name,
  rank: row.rank,
  twitterHandle: row.twitterHandle,
  pictureUrl: row.pictureUrl,
});

/** The cards by rank (1 first), searchable by name. */
export async function listPlayerCards(db: Db, opts: { offset: number; perPage: number; search: string }) {
  const where = opts.search ? ilike(playerCards.name, likePattern(opts.search)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(playerCards).where(where).orderBy(asc(playerCards.rank), asc(playerCards.id)).limit(opts.perPage).offset(opts.offset),
    db.select({ total: count() }).from(playerCards).where(where),
  ]);
  return { rows: rows.map(toPlayerCard), total: Number(total) };
}

/** A new card without its picture (the spec's second call adds it). The handle is stored without its "@". */
export async function createPlayerCard(db: Db, body: PlayerCardBody, actor: AuditActor): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(playerCards)
      .values({ name: body.name.trim(), rank: body.rank, twitterHandle: body.twitterHandle.replace(/^@/, '') })
      .returning();
    await recordAudit(tx, { actorId: actor.id, action: 'PLAYER_CARD_ADDED', target: auditTargets.playerCard(row), before: {}, after: { name: row.name, rank: row.rank, twitterHandle: row.twitterHandle } });
    return { id: row.id };
  });
}

/** Sets a card's picture; the one it replaces is deleted unless something else still shows it. */
export async function setPlayerCardImage(db: Db, id: number, image: { data: Buffer; contentType: string }, actor: AuditActor): Promise<PlayerCard> {
  return db.transaction(async (tx) => {
    const previous = await lockRowOr404(tx, playerCards, id, PLAYER_CARD_NOT_FOUND);
    const pictureUrl = await saveImage(tx, image.data, image.contentType);
    const [row] = await tx.update(playerCards).set({ pictureUrl }).where(eq(playerCards.id, id)).returning();
    await deleteImageIfUnused(tx, previous.pictureUrl);
    await recordAudit(tx, { actorId: actor.id, action: 'PLAYER_CARD_EDITED', target: auditTargets.playerCard(previous), before: previous, after: { pictureUrl } });
    return toPlayerCard(row);
  });
}

/** Deletes a card and its picture (unless something else still shows it). */
export async function deletePlayerCard(db: Db, id: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const card = await lockRowOr404(tx, playerCards, id, PLAYER_CARD_NOT_FOUND);
    await tx.delete(playerCards).where(eq(playerCards.id, id));
    await deleteImageIfUnused(tx, card.pictureUrl);
    await recordAudit(tx, { actorId: actor.id, action: 'PLAYER_CARD_DELETED', target: auditTargets.playerCard(card), before: { rank: card.rank }, after: { rank: null, deleted: true } });
  });
}
