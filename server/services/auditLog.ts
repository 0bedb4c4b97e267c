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
  // Lists and objects (platforms, maps and modes, splits) are kept as their JSON text: a row holds plain values.
  const plain = (v: unknown) => (v === undefined || v === null || typeof v !== 'object' ? v : JSON.stringify(v));
  const keys = Object.keys(change.after).filter((k) => change.after[k] !== undefined && plain(change.after[k]) !== plain(change.before[k]));
  if (keys.length === 0) return;
  const pick = (values: Record<string, unknown>) => Object.fromEntries(keys.map((k) => [k, plain(values[k]) ?? null])) as AuditValues;
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

/** Who made a change: the signed-in staff member. */
export interface AuditActor {
  id: number;
}

type Named = { id: number; name: string };
/** How the audit log names what a change touched. */
export const auditTargets = {
  tournament: (t: { id: number; title: string }) => ({ type: 'TOURNAMENT' as const, id: t.id, name: t.title }),
  tournamentTeam: (t: Named) => ({ type: 'TOURNAMENT_TEAM' as const, id: t.id, name: t.name }),
  team: (t: Named) => ({ type: 'TEAM' as const, id: t.id, name: t.name }),
  season: (s: Named) => ({ type: 'SEASON' as const, id: s.id, name: s.name }),
  match: (id: number, name: string) => ({ type: 'MATCH' as const, id, name }),
  playerCard: (c: Named) => ({ type: 'PLAYER_CARD' as const, id: c.id, name: c.name }),
};

/** A match result as the audit log shows it ("3–1"), null while there is none. */
export const resultText = (a: number | null, b: number | null) => (a === null || b === null ? null : `${a}–${b}`);

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
