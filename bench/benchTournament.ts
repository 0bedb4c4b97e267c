import type { Db } from '../server/db/client';
import * as schema from '../server/db/schema';
import { generateTournamentBracket } from '../server/services/brackets';
import { generateBracket } from '../src/domain/bracket/generateBracket';

const DAY = 86_400_000;

/**
 * A benchmark tournament of `entrants` players (each with a picture), written straight to the database: a map and
 * mode for every round, and for an ACTIVE one its generated bracket. Answers the tournament's id.
 */
export async function insertBenchTournament(db: Db, title: string, entrants: number, status: 'ACTIVE' | 'CLOSED', now = Date.now()): Promise<number> {
  const rounds = [...new Set(generateBracket(entrants).matches.map((m) => m.roundName))];
  const [t] = await db
    .insert(schema.tournaments)
    .values({
      title,
      startDate: now - DAY,
      endDate: now + 7 * DAY,
      signUpClose: now - 2 * DAY,
      game: 'CODMW3',
      status,
      signUpLimit: entrants,
      allowSignups: false,
      mapsAndModes: rounds.map((roundName) => ({ roundName, value: 'Hardpoint — Skidrow' })),
    })
    .returning();
  for (let from = 0; from < entrants; from += 500) {
    const n = Math.min(500, entrants - from);
    const players = await db
      .insert(schema.users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          discordName: `${title.replace(/\W/g, '')}_${from + i}`,
          katanaRank: 1000 + ((from + i) * 7919) % 2000,
          picture: `https://cdn.discordapp.com/avatars/${100000 + from + i}/a${from + i}.png`,
        })),
      )
      .returning({ id: schema.users.id });
    await db.insert(schema.tournamentEntries).values(players.map((p, i) => ({ tournamentId: t.id, userId: p.id, createdAt: now + from + i })));
  }
  if (status === 'ACTIVE') await db.transaction((tx) => generateTournamentBracket(tx, t.id));
  return t.id;
}
