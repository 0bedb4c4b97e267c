import { and, count, eq, exists, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { temporaryTeamMembers, temporaryTeams, tournamentEntries, users } from '../db/schema';
import type { AuthUser } from '../auth/plugin';
import { isStaff } from '../auth/plugin';
import type { Billing, PaymentRow } from '../billing/types';
import { assertPaidPrice } from '../billing/billing';
import { auditTargets, recordAudit } from './auditLog';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { activeEntryCount, isTeamNameTaken, lockTournament, type TournamentRow } from './tournamentStore';
import { addMember, temporaryTeamRoster } from './roster';
import type { PaymentSecret } from '../../src/api/contract/billing';
import { TOURNAMENT_ERRORS, VALIDATION } from '../../src/domain/messages';
import { hasStarted, isTeamTournament, signupsOpen } from '../../src/domain/tournamentRules';

const TEAM_NAME_MAX = 40;

export interface JoinRequest {
  caller: AuthUser;
  tournamentId: number;
  /** The player who enters: the caller, or (staff only) another player they sign up. */
  teamOrUserId: number;
  name: string | null | undefined;
  now: number;
}

/** What the payment remembers so the entry can be created when it succeeds. */
interface EntryDetails {
  tournamentId: number;
  teamOrUserId: number;
  name: string | null;
}

/** Whether the player already has an entry: their own, or a seat in a temporary team that was not refunded. */
async function hasEntered(tx: Tx, tournamentId: number, userId: number): Promise<boolean> {
  const [solo] = await tx
    .select({ id: tournamentEntries.id })
    .from(tournamentEntries)
    .where(
      and(eq(tournamentEntries.tournamentId, tournamentId), eq(tournamentEntries.userId, userId), eq(tournamentEntries.refunded, false)),
    );
  if (solo) return true;
  const [seat] = await tx
    .select({ teamId: temporaryTeamMembers.teamId })
    .from(temporaryTeamMembers)
    .where(
      and(
        eq(temporaryTeamMembers.tournamentId, tournamentId),
        eq(temporaryTeamMembers.userId, userId),
        sql`not ${exists(
          tx
            .select({ id: tournamentEntries.id })
            .from(tournamentEntries)
            .where(and(eq(tournamentEntries.temporaryTeamId, temporaryTeamMembers.teamId), eq(tournamentEntries.refunded, true))),
        )}`,
      ),
    );
  return !!seat;
}

function teamNameOf(t: TournamentRow, name: string | null | undefined): string | null {
  if (!isTeamTournament(t)) return null;
  const trimmed = (name ?? '').trim();
  if (!trimmed) throw badRequest(VALIDATION.teamName);
  if (trimmed.length > TEAM_NAME_MAX) throw badRequest(TOURNAMENT_ERRORS.teamNameTooLong);
  return trimmed;
}

/**
 * Creates the entry: a temporary team captained by the player (team types) or the player's own entry.
 * A refunded entry of the same player is brought back rather than duplicated.
 */
async function createEntry(tx: Tx, t: TournamentRow, userId: number, teamName: string | null, paymentId: number | null) {
  // Seats in teams whose entry was refunded no longer hold the player.
  await tx
    .delete(temporaryTeamMembers)
    .where(and(eq(temporaryTeamMembers.tournamentId, t.id), eq(temporaryTeamMembers.userId, userId)));
  if (teamName !== null) {
    const [{ n }] = await tx.select({ n: count() }).from(temporaryTeams).where(eq(temporaryTeams.tournamentId, t.id));
    const [team] = await tx
      .insert(temporaryTeams)
      .values({ tournamentId: t.id, name: teamName, captainId: userId, listOrder: Number(n) })
      .returning();
    await addMember(tx, temporaryTeamRoster, team.id, userId, 'CAPTAIN');
    await tx.insert(tournamentEntries).values({ tournamentId: t.id, temporaryTeamId: team.id, paymentId });
    return;
  }
  const [refunded] = await tx
    .select({ id: tournamentEntries.id })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.userId, userId)));
  if (refunded) {
    await tx
      .update(tournamentEntries)
      .set({ refunded: false, paymentId, wins: 0, losses: 0, seed: null })
      .where(eq(tournamentEntries.id, refunded.id));
  } else {
    await tx.insert(tournamentEntries).values({ tournamentId: t.id, userId, paymentId });
  }
}

/**
 * POST /v1/billing/join-tournament/{tournamentId}/{teamOrUserId}: enters the player, or answers a payment secret when
 * a fee is due (the entry is then created by the TOURNAMENT_ENTRY purpose once the payment succeeds).
 *
 * Players sign themselves up while the tournament is OPEN with sign-ups allowed and before signUpClose. Staff may also
 * enter a tournament that is OPEN or CLOSED whatever its sign-up settings, and sign up another player for free.
 */
export async function joinTournament(db: Db, billing: Billing | undefined, req: JoinRequest): Promise<true | PaymentSecret> {
  const staff = isStaff(req.caller);
  const onBehalf = req.teamOrUserId !== req.caller.id;
  if (onBehalf && !staff) throw forbidden(TOURNAMENT_ERRORS.onlyYourself);
  const payment = await db.transaction(async (tx) => {
    const t = await lockTournament(tx, req.tournamentId);
    if (hasStarted(t)) throw conflict(TOURNAMENT_ERRORS.started);
    if (!staff && !signupsOpen(t, req.now)) throw conflict(TOURNAMENT_ERRORS.signupsClosed);
    const [player] = await tx.select().from(users).where(eq(users.id, req.teamOrUserId));
    if (!player) throw notFound(TOURNAMENT_ERRORS.playerNotFound);
    if (player.banned) throw forbidden(TOURNAMENT_ERRORS.banned);
    const teamName = teamNameOf(t, req.name);
    if (await hasEntered(tx, t.id, player.id)) {
      throw conflict(onBehalf ? TOURNAMENT_ERRORS.playerAlreadyJoined : TOURNAMENT_ERRORS.alreadyJoined);
    }
    if ((await activeEntryCount(tx, t)) >= t.signUpLimit) throw conflict(TOURNAMENT_ERRORS.full);
    if (teamName !== null && (await isTeamNameTaken(tx, t.id, teamName))) throw conflict(TOURNAMENT_ERRORS.teamNameTaken);
    if (t.entryFeeCents > 0 && !onBehalf) {
      const details: EntryDetails = { tournamentId: t.id, teamOrUserId: player.id, name: teamName };
      return { amountCents: t.entryFeeCents, details, description: `Entry: ${t.title}` };
    }
    await createEntry(tx, t, player.id, teamName, null);
    // Staff signing up another player change that player's data: audited.
    if (onBehalf) {
      await recordAudit(tx, { actorId: req.caller.id, action: 'ENTRY_ADDED', target: auditTargets.tournament(t), before: {}, after: { entry: teamName ?? player.discordName } });
    }
    return null;
  });
  if (!payment) return true;
  if (!billing) throw conflict(TOURNAMENT_ERRORS.paymentsUnavailable);
  // The provider is called outside the transaction; the purpose handler checks again when the payment succeeds.
  return billing.createPayment({
    purpose: 'TOURNAMENT_ENTRY',
    amountCents: payment.amountCents,
    userId: req.caller.id,
    details: { ...payment.details },
    description: payment.description,
  });
}

/**
 * The TOURNAMENT_ENTRY purpose: runs once per succeeded payment and creates the entry. When the entry can no longer be
 * made (the tournament was deleted or started, filled up meanwhile, the player already entered through another
 * payment, or another team took the name meanwhile) it refuses with a 4xx, and billing marks the payment failed and refunds it.
 * Sign-up dates are not checked again: the player started paying while sign-ups were open.
 */
export function registerTournamentEntryPurpose(billing: Billing) {
  billing.registerPurpose('TOURNAMENT_ENTRY', {
    async onSucceeded(tx: Tx, payment: PaymentRow) {
      const details = payment.details as Partial<EntryDetails>;
      const t = await lockTournament(tx, Number(details.tournamentId));
      if (hasStarted(t)) throw conflict(TOURNAMENT_ERRORS.started);
      assertPaidPrice(payment, t.entryFeeCents);
      const userId = Number(details.teamOrUserId);
      if (await hasEntered(tx, t.id, userId)) throw conflict(TOURNAMENT_ERRORS.alreadyJoined);
      if ((await activeEntryCount(tx, t)) >= t.signUpLimit) throw conflict(TOURNAMENT_ERRORS.full);
      const name = isTeamTournament(t) ? (details.name ?? '').trim() || `Team ${userId}` : null;
      // Checked again now: another paid entry may have taken the name while this payment was pending.
      if (name !== null && (await isTeamNameTaken(tx, t.id, name))) throw conflict(TOURNAMENT_ERRORS.teamNameTaken);
      await createEntry(tx, t, userId, name, payment.id);
    },
  });
}
