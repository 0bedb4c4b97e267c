import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { seasonEntries, seasons, teamInvites, teams, transferRequests, users } from '../db/schema';
import { lockRowOr404 } from '../db/rowById';
import type { AuthUser } from '../auth/plugin';
import { isStaff } from '../auth/plugin';
import type { Billing } from '../billing/types';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { recordAudit } from './auditLog';
import { addMember, dropMember, leagueTeamRoster } from './roster';
import { euros } from './tournamentView';
import { assertTransferTransition, hasRejectionReason } from '../../machines/rules/transferRequestMachine';
import type { TeamManagementRow, TransferDecision, TransferRequest } from '../../src/api/contract/team';
import type { TransferOutcome } from '../../src/api/contract/transfer';
import { LEAGUE_TEAM_SIZE, type TransferStatus } from '../../src/domain/constants';
import { LEAGUE_TEAM, PROFILE, TRANSFER_ERRORS } from '../../src/domain/messages';

/*
 * Transfers: while a league team plays a season (transferMode) its roster changes only through a request an admin
 * approves. A player joining asks by accepting the team's invite, a member leaving is asked for by the captain;
 * whoever asks pays when the league charges for transfers (transferBilling.ts). Every step asks the transfer machine
 * (`assertTransferTransition`, 409 with its message) with the request row locked. See docs/decisions.md,
 * "Transfers (issue 13)".
 */

export type TransferRow = typeof transferRequests.$inferSelect;
type TeamRow = typeof teams.$inferSelect;
type Conn = Db | Tx;

/** The statuses a team's management dialog still shows, and that hold the one open request per team and player. */
export const OPEN_STATUSES: TransferStatus[] = ['AWAITING_PAYMENT', 'PENDING', 'REJECTED'];

/** Reasons are kept short: they show on a row of the team's dialog. */
const REASON_MAX = 500;

const requestColumns = {
  row: transferRequests,
  teamName: teams.name,
  userName: users.discordName,
};

function toTransferRequest({ row, teamName, userName }: { row: TransferRow; teamName: string; userName: string }): TransferRequest {
  return {
    id: row.id,
    teamId: row.teamId,
    teamName,
    userId: row.userId,
    userName,
    addPlayer: row.addPlayer,
    approved: row.status === 'APPROVED' ? true : row.status === 'REJECTED' ? false : null,
    rejectedReason: row.rejectedReason,
    status: row.status,
  };
}

async function describeRequest(conn: Conn, id: number): Promise<TransferRequest> {
  const [found] = await conn
    .select(requestColumns)
    .from(transferRequests)
    .innerJoin(teams, eq(teams.id, transferRequests.teamId))
    .innerJoin(users, eq(users.id, transferRequests.userId))
    .where(eq(transferRequests.id, id));
  if (!found) throw notFound(TRANSFER_ERRORS.notFound);
  return toTransferRequest(found);
}

/**
 * transferMode follows the teams' season entries: true while a team is entered in a season that is not COMPLETE.
 * Called wherever entries appear or go and when a season completes; the teams' pending invites become transfer
 * invites (or plain ones again) with it.
 */
export async function syncTransferMode(tx: Tx, teamIds: readonly number[]): Promise<void> {
  if (teamIds.length === 0) return;
  const inSeason = sql<boolean>`exists (
    select 1 from ${seasonEntries} inner join ${seasons} on ${seasons.id} = ${seasonEntries.seasonId}
    where ${seasonEntries.teamId} = ${teams.id} and ${seasons.seasonType} <> 'COMPLETE')`;
  const changed = await tx
    .update(teams)
    .set({ transferMode: inSeason })
    .where(inArray(teams.id, [...teamIds]))
    .returning({ id: teams.id, transferMode: teams.transferMode });
  // Invites still unanswered follow the team: accepting one of a team in a season asks the admins.
  for (const mode of [true, false]) {
    const ids = changed.filter((t) => t.transferMode === mode).map((t) => t.id);
    if (ids.length > 0) {
      await tx
        .update(teamInvites)
        .set({ isTransfer: mode })
        .where(and(inArray(teamInvites.teamId, ids), eq(teamInvites.status, 'PENDING')));
    }
  }
}

/** The teams entered in a season (to sync their transferMode after it completes or goes). */
export async function teamsOfSeason(conn: Conn, seasonId: number): Promise<number[]> {
  const rows = await conn.select({ teamId: seasonEntries.teamId }).from(seasonEntries).where(eq(seasonEntries.seasonId, seasonId));
  return rows.map((r) => r.teamId);
}

/** GET /v1/transfer (staff): the requests waiting for an admin, oldest first, paged. */
export async function listPendingTransfers(db: Db, page: { offset: number; perPage: number }): Promise<{ rows: TransferRequest[]; total: number }> {
  const pending = eq(transferRequests.status, 'PENDING');
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(requestColumns)
      .from(transferRequests)
      .innerJoin(teams, eq(teams.id, transferRequests.teamId))
      .innerJoin(users, eq(users.id, transferRequests.userId))
      .where(pending)
      .orderBy(asc(transferRequests.createdAt), asc(transferRequests.id))
      .limit(page.perPage)
      .offset(page.offset),
    db.select({ total: count() }).from(transferRequests).where(pending),
  ]);
  return { rows: rows.map(toTransferRequest), total: Number(total) };
}

const lockRequest = (tx: Tx, id: number) => lockRowOr404(tx, transferRequests, id, TRANSFER_ERRORS.notFound);

async function lockUser(tx: Tx, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('no key update');
  if (!row) throw notFound(TRANSFER_ERRORS.notOnTeam);
  return row;
}

/**
 * Why the roster no longer allows the approved change (the player joined elsewhere or was banned, the team is full, the
 * member already left); null when it does.
 */
async function rosterBlocker(tx: Tx, request: TransferRow, team: TeamRow, player: AuthUser): Promise<string | null> {
  if (team.locked) return PROFILE.teamLocked;
  if (!request.addPlayer) return player.teamId === team.id ? null : TRANSFER_ERRORS.leftTeam(player.discordName);
  if (player.teamId === team.id) return TRANSFER_ERRORS.alreadyOnTeam(player.discordName);
  if (player.teamId !== null) return TRANSFER_ERRORS.joinedAnotherTeam(player.discordName);
  if (player.banned) return LEAGUE_TEAM.banned(player.discordName);
  const [{ members }] = await tx.select({ members: count() }).from(users).where(eq(users.teamId, team.id));
  return Number(members) >= LEAGUE_TEAM_SIZE ? LEAGUE_TEAM.full(LEAGUE_TEAM_SIZE) : null;
}

/** The decision's reason: required (400) when rejecting, trimmed, at most 500 characters. */
function rejectionReason(decision: TransferDecision): string | null {
  if (decision.approved) return null;
  if (!hasRejectionReason(decision.rejectedReason)) throw badRequest(TRANSFER_ERRORS.reasonRequired);
  const reason = (decision.rejectedReason as string).trim();
  if (reason.length > REASON_MAX) throw badRequest(TRANSFER_ERRORS.reasonTooLong);
  return reason;
}

/** Whether `userId` is the player a request moves or whoever asked for it. */
const involves = (request: Pick<TransferRow, 'userId' | 'requestedBy'>, userId: number) => request.userId === userId || request.requestedBy === userId;

/**
 * PATCH /v1/transfer/{id} (staff): approve (the player is seated, or taken off the team, under row locks: 409 when the
 * roster moved meanwhile) or reject with a reason (a paid fee goes back). Audited; answers the decided request.
 */
export async function decideTransfer(db: Db, billing: Billing, actor: AuthUser, id: number, decision: TransferDecision, now: number): Promise<TransferRequest> {
  const reason = rejectionReason(decision);
  return db.transaction(async (tx) => {
    const request = await lockRequest(tx, id);
    // Nobody decides their own request: the player it moves, or whoever asked for it.
    if (involves(request, actor.id)) throw forbidden(TRANSFER_ERRORS.ownRequest);
    const team = await lockRowOr404(tx, teams, request.teamId, PROFILE.teamNotFound);
    const player = await lockUser(tx, request.userId);
    const status = decision.approved
      ? assertTransferTransition(request.status, { type: 'transfer.approve', rosterBlocker: await rosterBlocker(tx, request, team, player) })
      : assertTransferTransition(request.status, { type: 'transfer.reject', rejectedReason: reason });
    if (status === 'APPROVED' && request.addPlayer) {
      await addMember(tx, leagueTeamRoster, team.id, player.id);
      // One team per player: their other invites lapse, as when a plain invite is accepted.
      await tx.update(teamInvites).set({ status: 'CANCELLED' }).where(and(eq(teamInvites.userId, player.id), eq(teamInvites.status, 'PENDING')));
    } else if (status === 'APPROVED') {
      await dropMember(tx, leagueTeamRoster, team.id, player.id);
    } else if (request.paymentId !== null) {
      await billing.refund(request.paymentId, tx);
    }
    await tx.update(transferRequests).set({ status, rejectedReason: reason, decidedBy: actor.id, decidedAt: now }).where(eq(transferRequests.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: status === 'APPROVED' ? 'TRANSFER_APPROVED' : 'TRANSFER_REJECTED',
      target: { type: 'TEAM', id: team.id, name: team.name },
      before: { status: request.status },
      after: { status, player: player.discordName, change: request.addPlayer ? 'addition' : 'removal', reason: reason ?? undefined },
    });
    return describeRequest(tx, id);
  });
}

/** The one open request of a team and player (awaiting payment, pending or rejected), locked; undefined when none. */
async function lockOpenRequest(tx: Tx, teamId: number, userId: number): Promise<TransferRow | undefined> {
  const [row] = await tx
    .select()
    .from(transferRequests)
    .where(and(eq(transferRequests.teamId, teamId), eq(transferRequests.userId, userId), inArray(transferRequests.status, OPEN_STATUSES)))
    .for('no key update');
  return row;
}

/** Stores a new request: waiting for its payment when transfers are charged, else straight to the admins. */
async function openRequest(tx: Tx, feeCents: number, values: { teamId: number; userId: number; addPlayer: boolean; requestedBy: number }): Promise<TransferOutcome> {
  if (await lockOpenRequest(tx, values.teamId, values.userId)) throw conflict(TRANSFER_ERRORS.alreadyRequested);
  const status: TransferStatus = feeCents > 0 ? 'AWAITING_PAYMENT' : 'PENDING';
  const [row] = await tx.insert(transferRequests).values({ ...values, status }).returning();
  return { transfer: await describeRequest(tx, row.id), amountDue: feeCents > 0 ? euros(feeCents) : 0 };
}

const isCaptainOf = (user: AuthUser, teamId: number) => user.teamId === teamId && user.teamRole === 'CAPTAIN';

/** A team takes transfer requests while it plays a season and is not locked (409 otherwise). */
function assertTakesTransfers(team: TeamRow) {
  if (team.locked) throw conflict(PROFILE.teamLocked);
  if (!team.transferMode) throw conflict(TRANSFER_ERRORS.notInTransferMode);
}

/**
 * The captain asks for a member's removal (transferMode): "User removal pending admin approval". The member stays on
 * the team, shown as PENDING REMOVAL, until an admin approves. The caller has checked who may ask.
 */
export async function requestRemoval(tx: Tx, feeCents: number, caller: AuthUser, team: TeamRow, userId: number): Promise<TransferOutcome> {
  const member = await lockUser(tx, userId);
  if (member.teamId !== team.id) throw conflict(TRANSFER_ERRORS.notOnTeam);
  return openRequest(tx, feeCents, { teamId: team.id, userId, addPlayer: false, requestedBy: caller.id });
}

/**
 * The invitee accepts a league team's invite while it plays a season: the invite is used up and the join waits for an
 * admin ("Team join pending admin approval"). 409 without a pending invite from the team.
 */
export async function requestJoin(tx: Tx, feeCents: number, caller: AuthUser, team: TeamRow): Promise<TransferOutcome> {
  const player = await lockUser(tx, caller.id);
  if (player.teamId === team.id) throw conflict(TRANSFER_ERRORS.alreadyOnTeam(player.discordName));
  if (player.teamId !== null) throw conflict(LEAGUE_TEAM.youHaveATeam);
  const accepted = await tx
    .update(teamInvites)
    .set({ status: 'ACCEPTED' })
    .where(and(eq(teamInvites.teamId, team.id), eq(teamInvites.userId, caller.id), eq(teamInvites.status, 'PENDING')))
    .returning({ id: teamInvites.id });
  if (accepted.length === 0) throw conflict(TRANSFER_ERRORS.noInvite);
  return openRequest(tx, feeCents, { teamId: team.id, userId: caller.id, addPlayer: true, requestedBy: caller.id });
}

/**
 * POST /v1/transfer/{teamId}/{userId}: a transfer request. The captain naming a member asks for their removal; a
 * player naming themselves accepts the team's pending invite as a join request. Anyone else: 403.
 */
export async function requestTransfer(db: Db, feeCents: number, caller: AuthUser, teamId: number, userId: number): Promise<TransferOutcome> {
  return db.transaction(async (tx) => {
    const team = await lockRowOr404(tx, teams, teamId, PROFILE.teamNotFound);
    const removal = isCaptainOf(caller, teamId) && caller.id !== userId;
    if (!removal && caller.id !== userId) throw forbidden(TRANSFER_ERRORS.captainOnly);
    assertTakesTransfers(team);
    return removal ? requestRemoval(tx, feeCents, caller, team, userId) : requestJoin(tx, feeCents, caller, team);
  });
}

/** Ends an open request as CANCELLED, giving back a fee paid for a request that was still pending. */
export async function cancelRequest(tx: Tx, billing: Billing, request: TransferRow): Promise<void> {
  assertTransferTransition(request.status, { type: 'transfer.cancel' });
  if (request.status === 'PENDING' && request.paymentId !== null) await billing.refund(request.paymentId, tx);
  await tx.update(transferRequests).set({ status: 'CANCELLED' }).where(eq(transferRequests.id, request.id));
}

/**
 * DELETE /v1/transfer/{teamId}/{userId}: "Transfer Cancelled". The captain withdraws a request of the team or
 * acknowledges a rejected one (its Ok); the player withdraws their own join (not a removal the captain asked for);
 * staff may too. 404 when nothing is open.
 */
export async function cancelTransfer(db: Db, billing: Billing, caller: AuthUser, teamId: number, userId: number): Promise<TransferRequest> {
  return db.transaction(async (tx) => {
    await lockRowOr404(tx, teams, teamId, PROFILE.teamNotFound);
    const manages = isCaptainOf(caller, teamId) || isStaff(caller);
    if (!manages && caller.id !== userId) throw forbidden(TRANSFER_ERRORS.captainOnly);
    const request = await lockOpenRequest(tx, teamId, userId);
    if (!request) throw notFound(TRANSFER_ERRORS.nothingToCancel);
    // A player withdraws only what they asked for (their join), never the captain's request to remove them.
    if (!manages && request.requestedBy !== caller.id) throw forbidden(TRANSFER_ERRORS.captainOnly);
    await cancelRequest(tx, billing, request);
    // Staff withdrawing a request that is not theirs (nor their team's) change someone else's data: audited.
    if (!isCaptainOf(caller, teamId) && request.requestedBy !== caller.id && request.userId !== caller.id) {
      const [team] = await tx.select().from(teams).where(eq(teams.id, teamId));
      const [player] = await tx.select({ name: users.discordName }).from(users).where(eq(users.id, request.userId));
      await recordAudit(tx, {
        actorId: caller.id,
        action: 'TRANSFER_CANCELLED',
        target: { type: 'TEAM', id: team.id, name: team.name },
        before: { status: request.status },
        after: { status: 'CANCELLED', player: player?.name ?? null, change: request.addPlayer ? 'addition' : 'removal' },
      });
    }
    return describeRequest(tx, request.id);
  });
}

/**
 * Staff force-adding or removing a player of a team in a season: the admin's own change is its approval, so it happens
 * at once and is kept as an APPROVED request (and audited), closing any open request of that player on the team.
 */
export async function recordStaffTransfer(tx: Tx, billing: Billing, actor: AuthUser, team: TeamRow, player: { id: number; discordName: string }, addPlayer: boolean, now: number) {
  // A staff change is its own approval: nobody approves moving themselves.
  if (player.id === actor.id) throw forbidden(TRANSFER_ERRORS.ownRequest);
  const open = await lockOpenRequest(tx, team.id, player.id);
  if (open) await cancelRequest(tx, billing, open);
  await tx.insert(transferRequests).values({ teamId: team.id, userId: player.id, addPlayer, status: 'APPROVED', requestedBy: actor.id, decidedBy: actor.id, decidedAt: now });
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'TRANSFER_APPROVED',
    target: { type: 'TEAM', id: team.id, name: team.name },
    before: {},
    after: { status: 'APPROVED', player: player.discordName, change: addPlayer ? 'addition' : 'removal' },
  });
}

/**
 * The management dialog's rows with the team's open transfers: a member whose removal waits shows PENDING REMOVAL
 * (`isRemoving`), a member whose removal was rejected shows REJECTED with the reason; a player whose join waits (or
 * was rejected) is a TRANSFER row after the members. `rows` are the members and invitees, as listed without transfers.
 */
export async function withTransferRows(conn: Conn, teamId: number, rows: TeamManagementRow[]): Promise<TeamManagementRow[]> {
  const open = await conn
    .select({
      addPlayer: transferRequests.addPlayer,
      status: transferRequests.status,
      rejectedReason: transferRequests.rejectedReason,
      player: { id: users.id, discordName: users.discordName, picture: users.picture, katanaRank: users.katanaRank },
    })
    .from(transferRequests)
    .innerJoin(users, eq(users.id, transferRequests.userId))
    .where(and(eq(transferRequests.teamId, teamId), inArray(transferRequests.status, OPEN_STATUSES)))
    .orderBy(asc(transferRequests.createdAt), asc(transferRequests.id));
  const removals = new Map(open.filter((t) => !t.addPlayer).map((t) => [t.player.id, t]));
  const members = rows.map((row) => {
    const removal = row.type === 'MEMBER' ? removals.get(row.id) : undefined;
    if (!removal) return row;
    return removal.status === 'REJECTED' ? { ...row, rejectedReason: removal.rejectedReason } : { ...row, isRemoving: true };
  });
  const joins = open
    .filter((t) => t.addPlayer)
    .map((t): TeamManagementRow => ({ ...t.player, teamRole: null, type: 'TRANSFER', isRemoving: false, rejectedReason: t.status === 'REJECTED' ? t.rejectedReason : null }));
  return [...members, ...joins];
}
