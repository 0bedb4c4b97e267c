import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import type { Role } from '../../src/domain/constants';
import { USER_ADMIN } from '../../src/domain/messages';
import { nextStaffRole, staffEventFor } from '../../machines/rules/staffRoleMachine';
import { conflict, forbidden, notFound } from '../http/errors';
import { STAFF } from '../auth/plugin';
import { auditTarget, nameOrTagMatches, type UserRow } from './users';
import { recordAudit } from './auditLog';
import { updateUser } from './userWrites';

/** The Staff screen: ADMIN and OWNER users, owners first, then by name; search matches the name or the Activision ID. */
export async function listStaff(db: Db, opts: { offset: number; perPage: number; search: string }) {
  const where = and(inArray(users.role, STAFF), nameOrTagMatches(opts.search));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(sql`case when ${users.role} = 'OWNER' then 0 else 1 end`, sql`lower(${users.discordName})`, asc(users.id))
      .limit(opts.perPage)
      .offset(opts.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total) };
}

/**
 * Sets a user's staff role through the staff-role lifecycle (machines/staffRoleMachine.ts): Promote New Staff (USER →
 * ADMIN) for any staff member, every other change for an OWNER only; never their own role, and never the last OWNER.
 * The owner rows are locked first, so two owners demoting each other at once run one after the other and the second
 * finds itself the last owner. Setting the role a user already has answers the row unchanged.
 */
export async function changeStaffRole(db: Db, actor: UserRow, targetId: number, role: Role): Promise<UserRow> {
  if (actor.id === targetId) throw forbidden(USER_ADMIN.ownRole);
  return db.transaction(async (tx) => {
    const owners = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'OWNER')).orderBy(asc(users.id)).for('update');
    const [target] = await tx.select().from(users).where(eq(users.id, targetId)).for('update');
    if (!target) throw notFound(USER_ADMIN.notFound);
    const event = staffEventFor(target.role, role);
    // Who may make the change is the machine's question (isOwnRow is settled above).
    const allows = (otherOwners: number) => event !== null && nextStaffRole(target.role, event, { viewerRole: actor.role, isOwnRow: false, otherOwners }) !== null;
    // Staff who are not owners only add staff (Promote New Staff: USER → ADMIN).
    if (actor.role !== 'OWNER' && !allows(1)) throw forbidden(USER_ADMIN.ownerOnly);
    if (target.role === role) return target;
    if (target.banned && role !== 'USER') throw conflict(USER_ADMIN.bannedStaff);
    if (!event) throw conflict(USER_ADMIN.roleStep(target.role, role));
    if (!allows(owners.filter((o) => o.id !== target.id).length)) throw conflict(USER_ADMIN.lastOwner);
    const row = (await updateUser(tx, targetId, { role }))!;
    await recordAudit(tx, { actorId: actor.id, action: 'ROLE_CHANGED', target: auditTarget(target), before: target, after: { role } });
    return row;
  });
}
