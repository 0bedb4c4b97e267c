import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { setTeamCaptain, setTeamSeat } from './userWrites';
import { teamInvites, teams, temporaryTeamInvites, temporaryTeamMembers, temporaryTeams, tournamentEntries, users } from '../db/schema';

/*
 * Rosters: who is on a team, who captains it, what happens when someone leaves. One rule for every kind of team
 * (temporary tournament teams now, league teams next); each kind gives a small store over its own tables.
 *
 * - A new member takes the lowest free slot.
 * - Succession: when the captain leaves, the longest-standing member becomes captain (earliest joinedAt, then lowest
 *   slot, then lowest user id). Players seated together (the SWITCHEROO pairing board) therefore pass it on in slot
 *   order.
 * - A team whose last member leaves is retired: locked for good, captain cleared (the store also withdraws what the
 *   team had entered).
 * See docs/decisions.md, "Structure (issue 9)".
 */

export type TeamRole = 'PLAYER' | 'CAPTAIN';

export interface RosterSeat {
  userId: number;
  teamRole: TeamRole;
  /** When the member joined (ms). */
  joinedAt: number;
  /** The member's place on the team sheet (0-based). */
  slot: number;
}

/** One kind of team's roster tables. */
export interface RosterStore {
  seats(tx: Tx, teamId: number): Promise<RosterSeat[]>;
  insertSeat(tx: Tx, teamId: number, seat: { userId: number; slot: number; teamRole: TeamRole }): Promise<void>;
  /** Removes the member's seat; false when they had none. */
  deleteSeat(tx: Tx, teamId: number, userId: number): Promise<boolean>;
  /** Makes `userId` the only CAPTAIN of the team (the others PLAYER) and records it on the team. */
  setCaptain(tx: Tx, teamId: number, userId: number): Promise<void>;
  /** The team lost its last member: lock it for good, clear its captain, withdraw what it entered. */
  retire(tx: Tx, teamId: number): Promise<void>;
}

/** Succession order: the longest-standing member first. */
export function bySeniority(a: RosterSeat, b: RosterSeat): number {
  return a.joinedAt - b.joinedAt || a.slot - b.slot || a.userId - b.userId;
}

/** The member who takes over when the captain leaves, or null when nobody is left. */
export function heirOf(seats: readonly RosterSeat[]): RosterSeat | null {
  return [...seats].sort(bySeniority)[0] ?? null;
}

/** The lowest slot nobody sits in. */
export function freeSlot(seats: readonly Pick<RosterSeat, 'slot'>[]): number {
  const used = new Set(seats.map((s) => s.slot));
  let slot = 0;
  while (used.has(slot)) slot++;
  return slot;
}

/** Seats a player in the lowest free slot (as PLAYER; `CAPTAIN` for a team's founder). */
export async function addMember(tx: Tx, store: RosterStore, teamId: number, userId: number, teamRole: TeamRole = 'PLAYER') {
  const slot = freeSlot(await store.seats(tx, teamId));
  await store.insertSeat(tx, teamId, { userId, slot, teamRole });
}

/**
 * Takes a member off the team. The captain's place passes to the longest-standing member; when nobody is left the team
 * is retired. Answers what happened, for the caller's reply.
 */
export async function dropMember(tx: Tx, store: RosterStore, teamId: number, userId: number): Promise<{ removed: boolean; retired: boolean }> {
  const before = await store.seats(tx, teamId);
  const leaving = before.find((s) => s.userId === userId);
  if (!leaving || !(await store.deleteSeat(tx, teamId, userId))) return { removed: false, retired: false };
  const heir = heirOf(before.filter((s) => s.userId !== userId));
  if (!heir) {
    await store.retire(tx, teamId);
    return { removed: true, retired: true };
  }
  if (leaving.teamRole === 'CAPTAIN') await store.setCaptain(tx, teamId, heir.userId);
  return { removed: true, retired: false };
}

// ---------------------------------------------------------------------------------------------------------------
// Temporary (tournament) teams

/** A temporary team of a tournament: seats in temporary_team_members, captainId and locked on temporary_teams. */
export const temporaryTeamRoster: RosterStore = {
  async seats(tx, teamId) {
    return tx
      .select({
        userId: temporaryTeamMembers.userId,
        teamRole: temporaryTeamMembers.teamRole,
        joinedAt: temporaryTeamMembers.joinedAt,
        slot: temporaryTeamMembers.slot,
      })
      .from(temporaryTeamMembers)
      .where(eq(temporaryTeamMembers.teamId, teamId))
      .orderBy(asc(temporaryTeamMembers.joinedAt), asc(temporaryTeamMembers.slot), asc(temporaryTeamMembers.userId));
  },
  async insertSeat(tx, teamId, seat) {
    const [team] = await tx.select({ tournamentId: temporaryTeams.tournamentId }).from(temporaryTeams).where(eq(temporaryTeams.id, teamId));
    await tx.insert(temporaryTeamMembers).values({ teamId, tournamentId: team.tournamentId, ...seat });
  },
  async deleteSeat(tx, teamId, userId) {
    const gone = await tx
      .delete(temporaryTeamMembers)
      .where(and(eq(temporaryTeamMembers.teamId, teamId), eq(temporaryTeamMembers.userId, userId)))
      .returning({ userId: temporaryTeamMembers.userId });
    return gone.length > 0;
  },
  async setCaptain(tx, teamId, userId) {
    await tx
      .update(temporaryTeamMembers)
      .set({ teamRole: 'PLAYER' })
      .where(and(eq(temporaryTeamMembers.teamId, teamId), eq(temporaryTeamMembers.teamRole, 'CAPTAIN')));
    await tx
      .update(temporaryTeamMembers)
      .set({ teamRole: 'CAPTAIN' })
      .where(and(eq(temporaryTeamMembers.teamId, teamId), eq(temporaryTeamMembers.userId, userId)));
    await tx.update(temporaryTeams).set({ captainId: userId }).where(eq(temporaryTeams.id, teamId));
  },
  async retire(tx, teamId) {
    await tx.update(temporaryTeams).set({ locked: true, captainId: null }).where(eq(temporaryTeams.id, teamId));
    await tx.delete(tournamentEntries).where(eq(tournamentEntries.temporaryTeamId, teamId));
    await tx
      .update(temporaryTeamInvites)
      .set({ status: 'CANCELLED' })
      .where(and(eq(temporaryTeamInvites.teamId, teamId), eq(temporaryTeamInvites.status, 'PENDING')));
  },
};

// ---------------------------------------------------------------------------------------------------------------
// League teams

/**
 * A league team: its members are the users whose teamId names it (teamRole on the user row), `locked` on teams.
 * The user row keeps no join time or slot, so seniority is the order of the user ids (the oldest account first):
 * see docs/decisions.md, "Profiles (issue 13)".
 */
export const leagueTeamRoster: RosterStore = {
  async seats(tx, teamId) {
    const rows = await tx
      .select({ userId: users.id, teamRole: users.teamRole })
      .from(users)
      .where(eq(users.teamId, teamId))
      .orderBy(asc(users.id));
    return rows.map((r, slot) => ({ userId: r.userId, teamRole: r.teamRole ?? 'PLAYER', joinedAt: 0, slot }));
  },
  async insertSeat(tx, teamId, seat) {
    await setTeamSeat(tx, seat.userId, { teamId, teamRole: seat.teamRole });
  },
  async deleteSeat(tx, teamId, userId) {
    return setTeamSeat(tx, userId, { teamId: null, teamRole: null }, teamId);
  },
  async setCaptain(tx, teamId, userId) {
    await setTeamCaptain(tx, teamId, userId);
  },
  async retire(tx, teamId) {
    await tx.update(teams).set({ locked: true }).where(eq(teams.id, teamId));
    await tx
      .update(teamInvites)
      .set({ status: 'CANCELLED' })
      .where(and(eq(teamInvites.teamId, teamId), eq(teamInvites.status, 'PENDING')));
  },
};
