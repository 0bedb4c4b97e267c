import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { teams } from '../db/schema';
import { lockRowOr404 } from '../db/rowById';
import { conflict } from '../http/errors';
import { toTeamSummary } from './teams';
import { recordAudit } from './auditLog';
import type { AdminTeamPatch, TeamSummary } from '../../src/api/contract/team';
import { LEAGUE_TEAM } from '../../src/domain/messages';

/**
 * Staff edit of a league team's name and record (PATCH /v1/team/{id}/admin). League team names are unique
 * (case-insensitive, locked teams included: their names still show in old seasons and matches); the row is locked so
 * two edits of one team apply one after the other.
 */
export async function adminEditTeam(db: Db, actorId: number, id: number, patch: AdminTeamPatch): Promise<TeamSummary> {
  return db.transaction(async (tx) => {
    const row = await lockRowOr404(tx, teams, id, LEAGUE_TEAM.notFound);
    if (patch.name !== undefined && (await isLeagueTeamNameTaken(tx, patch.name, id))) throw conflict(LEAGUE_TEAM.nameTaken);
    if (Object.keys(patch).length === 0) return toTeamSummary(row);
    const [updated] = await tx.update(teams).set(patch).where(eq(teams.id, id)).returning();
    await recordAudit(tx, { actorId, action: 'TEAM_EDITED', target: { type: 'TEAM', id, name: row.name }, before: row, after: patch });
    return toTeamSummary(updated);
  });
}

/** Whether another league team (locked ones included) has this name, case-insensitive. */
export async function isLeagueTeamNameTaken(tx: Tx, name: string, exceptId: number): Promise<boolean> {
  const [taken] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(and(ne(teams.id, exceptId), sql`lower(${teams.name}) = lower(${name})`))
    .limit(1);
  return taken !== undefined;
}
