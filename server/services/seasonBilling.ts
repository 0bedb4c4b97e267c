import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { seasonEntries } from '../db/schema';
import { isStaff, type AuthUser } from '../auth/plugin';
import type { Billing, PaymentRow } from '../billing/types';
import { assertPaidPrice } from '../billing/billing';
import { badRequest, conflict, HttpError, notFound } from '../http/errors';
import { placeTeams } from './seasonBrackets';
import { syncTransferMode } from './transfers';
import { findEntry, getTeamRow, lockSeason, SEASON_SERVER_ERRORS, teamMembers, type SeasonRow } from './seasonStore';
import { assertSeasonVisible } from './seasonQueries';
import { auditTargets, recordAudit, type AuditActor } from './auditLog';
import { assertSeasonTransition } from '../../machines/rules/seasonMachine';
import type { PaymentSecret } from '../../src/api/contract/billing';
import { JOIN_SEASON_TOOLTIPS, PAYMENT_ERRORS, VALIDATION } from '../../src/domain/messages';
import { joinBlocker } from '../../src/domain/season/joinBlocker';

/*
 * Season entries and their money: joining (free, or paid through billing's SEASON_ENTRY purpose, the entry made
 * exactly once when the payment succeeds), an admin removing a team, and an admin refunding an entry.
 */

/** What the payment remembers so the entry can be made when it succeeds. */
interface EntryDetails {
  seasonId: number;
  teamId: number;
}

/** Who the tooltip refuses: signed-in players outside the team are forbidden, state refusals are conflicts. */
const STATUS_OF: Record<string, number> = {
  [JOIN_SEASON_TOOLTIPS.login]: 401,
  [JOIN_SEASON_TOOLTIPS.noTeam]: 403,
  [JOIN_SEASON_TOOLTIPS.notCaptain]: 403,
};

/** The join rules for `caller` entering `teamId`, in the tooltips' order and words (src/domain/season/joinBlocker). */
async function checkJoin(tx: Tx, season: SeasonRow, caller: AuthUser | null, teamId: number, now: number) {
  await getTeamRow(tx, teamId);
  const members = await teamMembers(tx, teamId);
  const blocker = joinBlocker({
    seasonType: season.seasonType,
    startDate: season.startDate,
    now,
    signedIn: caller !== null,
    inTeam: caller?.teamId != null,
    isCaptain: caller?.teamId === teamId && caller.teamRole === 'CAPTAIN',
    userPartOfTeam: (await findEntry(tx, season.id, teamId)) !== undefined,
    teamMembersCount: members.length,
  });
  if (blocker) throw new HttpError(STATUS_OF[blocker] ?? 409, blocker);
}

async function createEntry(tx: Tx, seasonId: number, teamId: number, payment: PaymentRow | null) {
  await tx.insert(seasonEntries).values({ seasonId, teamId, paymentId: payment?.id ?? null, paidCents: payment?.amountCents ?? 0 });
  await syncTransferMode(tx, [teamId]);
}

export interface JoinSeasonRequest {
  /** Null for guests: they are told to log in (or that the season is closed, the tooltips' first rule). */
  caller: AuthUser | null;
  seasonId: number;
  teamId: number;
  termsAccepted: boolean;
  now: number;
}

/**
 * POST /v1/billing/join-season/{seasonId}/{teamId}: `true` when a free season was joined, else the payment secret
 * (the entry appears once the payment succeeds).
 */
export async function joinSeason(db: Db, billing: Billing | undefined, req: JoinSeasonRequest): Promise<true | PaymentSecret> {
  const payment = await db.transaction(async (tx) => {
    const season = await lockSeason(tx, req.seasonId);
    // An unpublished season does not exist for anyone but staff: no entry, and the same 404 as a missing id.
    assertSeasonVisible(season, isStaff(req.caller));
    await checkJoin(tx, season, req.caller, req.teamId, req.now);
    // The terms box is the dialog's own field: checked once the button would be enabled.
    if (!req.termsAccepted) throw badRequest(VALIDATION.terms);
    if (season.entryFeeCents > 0) return { season, details: { seasonId: season.id, teamId: req.teamId } satisfies EntryDetails };
    await createEntry(tx, season.id, req.teamId, null);
    return null;
  });
  if (!payment) return true;
  if (!billing) throw conflict(SEASON_SERVER_ERRORS.paymentsUnavailable);
  const userId = (req.caller as AuthUser).id;
  // The provider is called outside the transaction; the purpose checks again when the payment succeeds.
  return billing.createPayment({
    purpose: 'SEASON_ENTRY',
    amountCents: payment.season.entryFeeCents,
    userId,
    details: { ...payment.details },
    description: `Season entry: ${payment.season.name}`,
  });
}

/**
 * The SEASON_ENTRY purpose: runs once per succeeded payment (replayed webhooks and confirmations never reach it
 * again) and makes the entry. When the season was deleted or closed meanwhile, the team is gone, or it entered
 * through another payment, it refuses with a 4xx and billing refunds the payment. The entry date is not checked
 * again: the captain started paying while entry was open.
 */
export function registerSeasonEntryPurpose(billing: Billing) {
  if (billing.hasPurpose('SEASON_ENTRY')) return;
  billing.registerPurpose('SEASON_ENTRY', {
    async onSucceeded(tx: Tx, payment: PaymentRow) {
      const details = payment.details as Partial<EntryDetails>;
      const season = await lockSeason(tx, Number(details.seasonId));
      if (season.seasonType !== 'OPEN') throw conflict(JOIN_SEASON_TOOLTIPS.closed);
      assertPaidPrice(payment, season.entryFeeCents);
      const teamId = Number(details.teamId);
      await getTeamRow(tx, teamId);
      if (await findEntry(tx, season.id, teamId)) throw conflict(JOIN_SEASON_TOOLTIPS.alreadyIn);
      await createEntry(tx, season.id, teamId, payment);
    },
  });
}

/** An admin removes a team (OPEN and CLOSED only); a CLOSED season's placement is redone or dropped with it. */
export async function removeSeasonTeam(db: Db, seasonId: number, teamId: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const season = await lockSeason(tx, seasonId);
    const entry = await findEntry(tx, seasonId, teamId);
    if (!entry) throw notFound(SEASON_SERVER_ERRORS.notInSeason);
    assertSeasonTransition(season.seasonType, { type: 'season.removeTeam' });
    await tx.delete(seasonEntries).where(eq(seasonEntries.id, entry.id));
    await syncTransferMode(tx, [teamId]);
    if (season.seasonType === 'CLOSED') await placeTeams(tx, season);
    const team = await getTeamRow(tx, teamId);
    await recordAudit(tx, { actorId: actor.id, action: 'SEASON_TEAM_REMOVED', target: auditTargets.season(season), before: {}, after: { team: team.name } });
  });
}

/**
 * An admin refunds a paid entry (any state): the payment goes back through the provider and the entry is marked
 * refunded, together or not at all. The team stays in the season until an admin removes it.
 */
export async function refundSeasonEntry(db: Db, billing: Billing, seasonId: number, teamId: number, actor: AuditActor): Promise<void> {
  await db.transaction(async (tx) => {
    const season = await lockSeason(tx, seasonId);
    const entry = await findEntry(tx, seasonId, teamId);
    if (!entry) throw notFound(SEASON_SERVER_ERRORS.notInSeason);
    if (entry.refunded) throw conflict(PAYMENT_ERRORS.alreadyRefunded);
    if (!entry.paymentId) throw conflict(season.entryFeeCents <= 0 ? SEASON_SERVER_ERRORS.freeSeason : PAYMENT_ERRORS.notPaid);
    await billing.refund(entry.paymentId, tx);
    await tx.update(seasonEntries).set({ refunded: true }).where(eq(seasonEntries.id, entry.id));
    const team = await getTeamRow(tx, teamId);
    await recordAudit(tx, { actorId: actor.id, action: 'ENTRY_REFUNDED', target: auditTargets.season(season), before: { refunded: false }, after: { entry: team.name, refunded: true } });
  });
}
