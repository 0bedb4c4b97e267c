import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tournamentEntries } from '../db/schema';
import { getTournament } from '../services/tournamentStore';
import { entryLabel } from '../services/tournamentEntries';
import { auditTargets, recordAudit, type AuditActor } from '../services/auditLog';
import { conflict, notFound } from '../http/errors';
import { PAYMENT_ERRORS, TOURNAMENT_ERRORS } from '../../src/domain/messages';
import type { Billing } from './types';

/**
 * An admin refunds a paid tournament entry: the payment goes back through the provider and the entry is marked
 * refunded, together or not at all. The entry row is locked, so a second (or concurrent) refund answers 409.
 */
export async function refundTournamentEntry(db: Db, billing: Billing, tournamentId: number, entryId: number, actor: AuditActor) {
  await db.transaction(async (tx) => {
    const tournament = await getTournament(tx, tournamentId);
    const [entry] = await tx
      .select()
      .from(tournamentEntries)
      .where(and(eq(tournamentEntries.id, entryId), eq(tournamentEntries.tournamentId, tournamentId)))
      .for('update');
    if (!entry) throw notFound(TOURNAMENT_ERRORS.entryNotFound);
    if (tournament.entryFeeCents <= 0) throw conflict(PAYMENT_ERRORS.freeTournament);
    if (entry.refunded) throw conflict(PAYMENT_ERRORS.alreadyRefunded);
    if (!entry.paymentId) throw conflict(PAYMENT_ERRORS.notPaid);
    await billing.refund(entry.paymentId, tx);
    await tx.update(tournamentEntries).set({ refunded: true }).where(eq(tournamentEntries.id, entry.id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'ENTRY_REFUNDED',
      target: auditTargets.tournament(tournament),
      before: { refunded: false },
      after: { entry: await entryLabel(tx, entry), refunded: true },
    });
  });
}
