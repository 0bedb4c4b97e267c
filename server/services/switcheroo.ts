import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { auditTargets, recordAudit, type AuditActor } from './auditLog';
import { temporaryTeamMembers, temporaryTeams, tournamentEntries, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/errors';
import { deleteImageIfUnused } from '../storage/images';
import { lockTournament } from './tournamentStore';
import { switcherooEntries } from './tournamentEntries';
import type { SwitcherooTeamsBody } from '../../src/api/contract/switcheroo';
import { SWITCHEROO_PAIRING_SLOTS } from '../../src/domain/constants';
import { PAIRING, TOURNAMENT_ERRORS } from '../../src/domain/messages';

/**
 * Saves the SWITCHEROO pairing board in one transaction: the teams sent are the whole board. Teams with an id are
 * renamed and re-seated, new ones are created, and existing teams left out (or sent without a player) are removed
 * with their entry. Each team seats at most the pairing slots of its type (A to D for singles, A and B for doubles);
 * the first seated player is the captain. Only CLOSED tournaments are paired, and only their sign-ups can be seated.
 */
export async function saveSwitcherooTeams(db: Db, tournamentId: number, body: SwitcherooTeamsBody, actor: AuditActor) {
  await db.transaction(async (tx) => {
    const t = await lockTournament(tx, tournamentId);
    if (t.tournamentType !== 'SWITCHEROO') throw conflict(TOURNAMENT_ERRORS.notSwitcheroo);
    if (t.status !== 'CLOSED') throw conflict(PAIRING.notClosed);
    const slots = SWITCHEROO_PAIRING_SLOTS[t.switcherooType];

    const teams = body.teams.map((team) => ({ ...team, name: team.name.trim() }));
    const names = new Set<string>();
    const seated = new Set<number>();
    for (const team of teams) {
      if (team.slots.length > slots) throw badRequest(PAIRING.tooManySlots(slots));
      const key = team.name.toLowerCase();
      if (names.has(key)) throw badRequest(PAIRING.duplicateName(team.name));
      names.add(key);
      for (const userId of team.slots) {
        if (userId === null) continue;
        if (seated.has(userId)) throw badRequest(PAIRING.seatedTwice(await userName(tx, userId)));
        seated.add(userId);
      }
    }

    if (seated.size > 0) {
      const signUps = await tx
        .select({ userId: tournamentEntries.userId })
        .from(tournamentEntries)
        .where(
          and(
            eq(tournamentEntries.tournamentId, t.id),
            eq(tournamentEntries.refunded, false),
            isNotNull(tournamentEntries.userId),
            inArray(tournamentEntries.userId, [...seated]),
          ),
        );
      if (signUps.length !== seated.size) throw conflict(PAIRING.notSignedUp);
    }

    const existing = await tx.select().from(temporaryTeams).where(eq(temporaryTeams.tournamentId, t.id));
    const existingIds = new Set(existing.map((team) => team.id));
    if (teams.some((team) => team.id && !existingIds.has(team.id))) throw notFound(PAIRING.teamNotFound);
    const kept = teams.filter((team) => team.slots.some((s) => s !== null));
    const keptIds = new Set(kept.map((team) => team.id).filter((id): id is number => !!id));

    // Everyone stands up first, so a player can move between teams (one team per player per tournament).
    await tx.delete(temporaryTeamMembers).where(eq(temporaryTeamMembers.tournamentId, t.id));
    for (const team of existing.filter((team) => !keptIds.has(team.id))) {
      await tx.delete(temporaryTeams).where(eq(temporaryTeams.id, team.id));
      await deleteImageIfUnused(tx, team.logoUrl);
    }

    for (const [listOrder, team] of kept.entries()) {
      const captainId = team.slots.find((s): s is number => s !== null)!;
      let teamId = team.id ?? null;
      if (teamId) {
        // Seated again, a team a removed sign-up had emptied (and retired) plays again.
        await tx.update(temporaryTeams).set({ name: team.name, listOrder, captainId, locked: false }).where(eq(temporaryTeams.id, teamId));
      } else {
        [{ id: teamId }] = await tx
          .insert(temporaryTeams)
          .values({ tournamentId: t.id, name: team.name, listOrder, captainId })
          .returning({ id: temporaryTeams.id });
      }
      const seats = team.slots.flatMap((userId, slot) => (userId === null ? [] : [{ userId, slot }]));
      await tx.insert(temporaryTeamMembers).values(
        seats.map(({ userId, slot }) => ({
          teamId: teamId!,
          userId,
          tournamentId: t.id,
          slot,
          teamRole: userId === captainId ? ('CAPTAIN' as const) : ('PLAYER' as const),
        })),
      );
    }
    const pairing = (list: { name: string }[]) => list.map((team) => team.name).sort().join(', ');
    await recordAudit(tx, { actorId: actor.id, action: 'PAIRING_SAVED', target: auditTargets.tournament(t), before: { teams: pairing(existing) }, after: { teams: pairing(kept), seated: seated.size } });
  });
  return switcherooEntries(db, tournamentId);
}

async function userName(tx: Tx, id: number) {
  const [u] = await tx.select({ name: users.discordName }).from(users).where(eq(users.id, id));
  return u?.name ?? `Player ${id}`;
}
