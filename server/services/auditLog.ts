import { count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { auditLog, users } from '../db/schema';
import type { AuditAction, AuditEntry, AuditTargetType, AuditValues } from '../../src/api/contract/audit';

export interface AuditChange {
  actorId: number;
  action: AuditAction;
  target: { type: AuditTargetType; id: string | number; name: string };
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * Writes one audit row for a staff change, inside the change's own transaction (so a refused or failed change leaves
 * no row, and a written change always has one). Only the fields whose value changed are kept; a change that changes
 * nothing writes nothing.
 */
export async function recordAudit(tx: Tx, change: AuditChange): Promise<void> {
  const keys = Object.keys(change.after).filter((k) => change.after[k] !== undefined && change.after[k] !== change.before[k]);
  if (keys.length === 0) return;
  const pick = (values: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, values[k] ?? null])) as AuditValues;
  await tx.insert(auditLog).values({
    actorId: change.actorId,
    action: change.action,
    targetType: change.target.type,
    targetId: String(change.target.id),
    targetName: change.target.name,
    before: pick(change.before),
    after: pick(change.after),
  });
}

/** GET /v1/admin/audit: newest first. */
export async function listAudit(db: Db, opts: { offset: number; perPage: number }): Promise<{ rows: AuditEntry[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ entry: auditLog, who: { id: users.id, discordName: users.discordName } })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(opts.perPage)
      .offset(opts.offset),
    db.select({ total: count() }).from(auditLog),
  ]);
  return {
    total: Number(total),
    rows: rows.map(({ entry, who }) => ({
      id: entry.id,
      when: entry.createdAt,
      who,
      what: entry.action,
      target: { type: entry.targetType, id: entry.targetId, name: entry.targetName },
      before: entry.before,
      after: entry.after,
    })),
  };
}
