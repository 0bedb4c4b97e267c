import { eq } from 'drizzle-orm';
import { teamInvites, teams, transferRequests, users } from '../../server/db/schema';
import type { TestServer } from '../support/testServer';
import { insertUser } from '../support/fixtures';
import { newTeam } from './seasons.fixtures';

/**
 * A league team playing a season (transferMode), its captain signed in, two members, and a free player holding the
 * team's transfer invite (signed in as `invitee`).
 */
export async function teamInSeason(server: TestServer) {
  const db = server.database.db;
  const made = await newTeam(server, { players: 2 });
  await db.update(teams).set({ transferMode: true }).where(eq(teams.id, made.team.id));
  const player = await insertUser(db);
  await db.insert(teamInvites).values({ teamId: made.team.id, userId: player.id, isTransfer: true });
  const invitee = await server.agent().signIn(player.discordName);
  return { ...made, player, invitee };
}

export const transferRow = async (server: TestServer, id: number) =>
  (await server.database.db.select().from(transferRequests).where(eq(transferRequests.id, id)))[0];

export const userRow = async (server: TestServer, id: number) =>
  (await server.database.db.select().from(users).where(eq(users.id, id)))[0];
