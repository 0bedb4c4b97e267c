import { count } from 'drizzle-orm';
import type { Db, Tx } from './client';
import {
  images,
  socialPosts,
  teams,
  temporaryTeamMembers,
  temporaryTeams,
  tournamentEntries,
  tournaments,
  users,
} from './schema';
import { playerHandles, prng, SOCIAL_POSTS, TEAM_NAMES, teamLogoSvg, type Rng } from './demoData';
import { SWITCHEROO_PAIRING_SLOTS, type Game, type Platform } from '../../src/domain/constants';
import { seedBrackets } from './seedBrackets';
import { seedSeasons } from './seedSeasons';
import { seedPlayerCards } from './seedPlayerCards';
import { seedLeagueTeams } from './seedLeagueTeams';
import { seedTransfers } from './seedTransfers';
import { syncTransferMode } from '../services/transfers';
import { insertUsers, setTeamSeat } from '../services/userWrites';
import { DAY_MS, HOUR_MS } from '../../src/domain/durations';

/** The demo accounts the README lists (sign in with /v1/auth/discord?as=<name> when Discord is not configured). */
export const DEMO_ACCOUNTS = {
  owner: 'ClutchOwner',
  admins: ['AdminAce', 'AdminNova'],
  banned: 'BannedBrawler',
  /** A captain of a demo team, handy for trying the score flow. */
  captain: 'captain of "Apex Predators" (the first player listed for the team)',
} as const;

export const PLAYER_COUNT = 120;
export const TEAM_COUNT = TEAM_NAMES.length;
const MEMBERS_PER_TEAM = 4;

type TournamentSeed = typeof tournaments.$inferInsert & {
  status: 'OPEN' | 'CLOSED' | 'ACTIVE' | 'COMPLETED';
  /** Solo entries (user indexes), or team entries built from demo teams (team indexes). */
  soloEntrants?: number;
  teamEntrants?: number;
};

/** Seeds the demo league when the database has no users. Returns whether it seeded. */
export async function seedIfEmpty(db: Db, now = Date.now()): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (Number(n) > 0) return false;
  await db.transaction((tx) => seedDemo(tx, now));
  return true;
}

/**
 * The demo league: an OWNER, two ADMINs, 120 players with ranks and records, 24 teams with generated logos,
 * free agents, a banned user, tournaments of every status and both types, social posts and player cards.
 * Everything comes from one seeded PRNG; dates are relative to the start of `now`'s day.
 */
export async function seedDemo(tx: Tx, now: number) {
  const rng = prng(20261122);
  const today = Math.floor(now / DAY_MS) * DAY_MS;

  await insertUsers(tx, [
    { discordName: DEMO_ACCOUNTS.owner, role: 'OWNER', battleTag: 'ClutchOwner#1001', katanaRank: 1500, joined: today - 400 * DAY_MS },
    { discordName: DEMO_ACCOUNTS.admins[0], role: 'ADMIN', battleTag: 'AdminAce#2002', katanaRank: 1320, joined: today - 300 * DAY_MS },
    { discordName: DEMO_ACCOUNTS.admins[1], role: 'ADMIN', battleTag: null, katanaRank: 1180, joined: today - 250 * DAY_MS },
  ]);

  const handles = playerHandles(rng, PLAYER_COUNT);
  const players = await insertUsers(tx, handles.map((name, i) => playerValues(rng, name, i, today)));
  await insertUsers(tx, [{ discordName: DEMO_ACCOUNTS.banned, banned: true, katanaRank: 900, wins: 3, losses: 11, joined: today - 60 * DAY_MS }]);

  const teamRows = await seedTeams(tx, rng, players, today);
  await seedTournaments(tx, rng, players, teamRows, today);
  await tx.insert(socialPosts).values(
    SOCIAL_POSTS.map((p) => ({
      author: 'Clutch League',
      handle: '@clutchleague',
      text: p.text,
      url: null,
      imageUrl: null,
      postedAt: today - p.daysAgo * DAY_MS + 18 * HOUR_MS,
    })),
  );
  await seedBrackets(tx);
  await seedSeasons(tx, today);
  await seedPlayerCards(tx, players);
  await seedLeagueTeams(tx, today);
  await seedTransfers(tx, today);
  // Teams entered in a season that is not over play it in transferMode (their roster changes become transfer
  // requests), as joining through the API would have set it; the seeded seasons are inserted directly.
  await syncTransferMode(tx, (await tx.select({ id: teams.id }).from(teams)).map((t) => t.id));
}

function playerValues(rng: Rng, name: string, i: number, today: number): typeof users.$inferInsert {
  // Ranks spread like a ladder: a few stars, most in the middle.
  const katanaRank = Math.round(900 + 1400 * Math.pow(rng.next(), 1.6));
  const games = rng.int(4, 80);
  const wins = Math.round(games * Math.min(0.85, Math.max(0.15, (katanaRank - 700) / 1800 + rng.next() * 0.2)));
  const gold = katanaRank > 1900 ? rng.int(1, 3) : rng.chance(0.1) ? 1 : 0;
  return {
    discordName: name,
    battleTag: rng.chance(0.8) ? `${name.replace(/[^A-Za-z0-9]/g, '')}#${rng.int(1000, 9999)}` : null,
    katanaRank,
    wins,
    losses: games - wins,
    gold,
    silver: rng.chance(0.2) ? rng.int(1, 2) : 0,
    bronze: rng.chance(0.3) ? rng.int(1, 3) : 0,
    joined: today - rng.int(5, 700) * DAY_MS - rng.int(0, 86_399) * 1000,
    twitterHandle: rng.chance(0.4) ? name.toLowerCase() : null,
    twitchName: rng.chance(0.25) ? name.toLowerCase() : null,
    youtubeChannel: rng.chance(0.1) ? name : null,
    // Players without a team (the last 24) are free agents more often than not.
    freeAgent: i >= TEAM_COUNT * MEMBERS_PER_TEAM ? i % 3 !== 0 : false,
  };
}

async function seedTeams(tx: Tx, rng: Rng, players: (typeof users.$inferSelect)[], today: number) {
  const logoRows = await tx
    .insert(images)
    .values(
      TEAM_NAMES.map((name, i) => ({
        contentType: 'image/svg+xml',
        data: Buffer.from(teamLogoSvg(name, i)).toString('base64'),
      })),
    )
    .returning({ id: images.id });
  const teamRows = await tx
    .insert(teams)
    .values(
      TEAM_NAMES.map((name, i) => {
        const wins = rng.int(2, 40);
        return {
          name,
          logoUrl: `/v1/images/${logoRows[i].id}`,
          wins,
          losses: rng.int(2, 40),
          gold: i < 3 ? 3 - i : rng.chance(0.15) ? 1 : 0,
          silver: rng.chance(0.3) ? rng.int(1, 2) : 0,
          bronze: rng.chance(0.4) ? rng.int(1, 3) : 0,
          createdAt: today - rng.int(30, 500) * DAY_MS,
        };
      }),
    )
    .returning();
  for (let t = 0; t < teamRows.length; t++) {
    for (let m = 0; m < MEMBERS_PER_TEAM; m++) {
      const player = players[t * MEMBERS_PER_TEAM + m];
      const teamRole = m === 0 ? ('CAPTAIN' as const) : ('PLAYER' as const);
      await setTeamSeat(tx, player.id, { teamId: teamRows[t].id, teamRole });
      player.teamId = teamRows[t].id;
      player.teamRole = teamRole;
    }
  }
  return teamRows;
}

const RULES_URL = 'https://clutch.gg/rules/tournaments';

async function seedTournaments(
  tx: Tx,
  rng: Rng,
  players: (typeof users.$inferSelect)[],
  teamRows: (typeof teams.$inferSelect)[],
  today: number,
) {
  const base = (title: string, game: Game, platforms: Platform[], startInDays: number) => ({
    title,
    subTitle: `${game === 'ROCKETLEAGUE' ? 'Rocket League' : 'Call of Duty'} · hosted by Clutch`,
    description: `${title} is a double-elimination event. Check in 15 minutes before your first match; both captains report scores on the match page.`,
    startDate: today + startInDays * DAY_MS,
    startTime: '19:00',
    endDate: today + (startInDays + 1) * DAY_MS,
    signUpClose: today + (startInDays - 1) * DAY_MS,
    rules: RULES_URL,
    prizePoolInfo: '€200 to the winner, €100 runner-up, €50 third',
    host: 'Clutch League',
    game,
    platforms,
  });
  const seeds: TournamentSeed[] = [
    { ...base('Friday Night Showdown', 'CODMW3', ['PC', 'PLAYSTATION', 'XBOX'], 6), status: 'OPEN', featured: true, soloEntrants: 11 },
    { ...base('Squad Cup: 4v4', 'CODMW3', ['PC', 'BATTLENET'], 9), status: 'OPEN', teamLimit: 4, entryFeeCents: 500, teamEntrants: 5, signUpLimit: 16 },
    { ...base('Switcheroo Singles', 'CODMW2', ['PC', 'PLAYSTATION'], 4), status: 'OPEN', tournamentType: 'SWITCHEROO', switcherooType: 'SINGLES', signUpLimit: 16, soloEntrants: 10 },
    { ...base('Rocket Rumble 2v2', 'ROCKETLEAGUE', ['PC', 'XBOX', 'PLAYSTATION'], 12), status: 'OPEN', teamLimit: 2, teamEntrants: 3, allowSignups: true },
    { ...base('Midweek Duel', 'CODBOCOLDWAR', ['PC'], 2), status: 'CLOSED', soloEntrants: 8 },
    { ...base('Doubles Switcheroo', 'CODMW3', ['PC', 'XBOX'], 3), status: 'CLOSED', tournamentType: 'SWITCHEROO', switcherooType: 'DOUBLES', signUpLimit: 16, soloEntrants: 12 },
    { ...base('Winter Major', 'CODMW3', ['PC', 'PLAYSTATION', 'XBOX', 'BATTLENET'], -1), status: 'ACTIVE', soloEntrants: 64, signUpLimit: 64, featured: false },
    { ...base('Open Qualifier 1024', 'CODMW2', ['PC', 'PLAYSTATION', 'XBOX'], -2), status: 'ACTIVE', signUpLimit: 1024, allowSignups: false },
    { ...base('Autumn Team Cup', 'CODVANGUARD', ['PC', 'XBOX'], -30), status: 'COMPLETED', teamLimit: 4, teamEntrants: 8, entryFeeCents: 1000 },
    { ...base('Halloween Switcheroo', 'CODMW2', ['PC'], -23), status: 'COMPLETED', tournamentType: 'SWITCHEROO', switcherooType: 'SINGLES', soloEntrants: 8 },
    { ...base('October Solo Cup', 'CODMW3', ['PC', 'PLAYSTATION'], -40), status: 'COMPLETED', soloEntrants: 16 },
  ];
  for (const seed of seeds) {
    const { soloEntrants = 0, teamEntrants = 0, ...values } = seed;
    const [t] = await tx
      .insert(tournaments)
      .values({
        ...values,
        allowSignups: values.allowSignups ?? values.status === 'OPEN',
        definedEntries:
          values.title === 'Open Qualifier 1024'
            ? { definedUsers: playerHandles(prng(1024), 1024).map((name) => ({ name })), definedTeams: [] }
            : { definedUsers: [], definedTeams: [] },
      })
      .returning();
    const solo = rng.shuffle(players.slice()).slice(0, soloEntrants);
    if (solo.length) {
      await tx.insert(tournamentEntries).values(solo.map((p) => ({ tournamentId: t.id, userId: p.id })));
    }
    if (teamEntrants) await seedTournamentTeams(tx, rng, t, players, teamRows, teamEntrants);
    if (t.status === 'COMPLETED' && t.tournamentType === 'SWITCHEROO') await seedPairedTeams(tx, t, solo);
  }
}

async function seedTournamentTeams(
  tx: Tx,
  rng: Rng,
  t: typeof tournaments.$inferSelect,
  players: (typeof users.$inferSelect)[],
  teamRows: (typeof teams.$inferSelect)[],
  count: number,
) {
  const picked = rng.shuffle(teamRows.slice()).slice(0, count);
  for (let i = 0; i < picked.length; i++) {
    const team = picked[i];
    const roster = players.filter((p) => p.teamId === team.id).slice(0, t.teamLimit);
    const captain = roster.find((p) => p.teamRole === 'CAPTAIN') ?? roster[0];
    const [temp] = await tx
      .insert(temporaryTeams)
      .values({ tournamentId: t.id, name: team.name, logoUrl: team.logoUrl, captainId: captain.id, listOrder: i })
      .returning();
    await tx.insert(temporaryTeamMembers).values(
      roster.map((p, slot) => ({
        teamId: temp.id,
        userId: p.id,
        tournamentId: t.id,
        teamRole: p.id === captain.id ? ('CAPTAIN' as const) : ('PLAYER' as const),
        slot,
      })),
    );
    await tx.insert(tournamentEntries).values({ tournamentId: t.id, temporaryTeamId: temp.id });
  }
}

const PAIRED_TEAM_NAMES = ['Pumpkin Patrol', 'Midnight Mix', 'Grave Shift', 'Hollow Point'];

/**
 * A completed SWITCHEROO was played by the teams its sign-ups were paired into (as the pairing screen seats them:
 * A–D singles, A–B doubles), each with its bracket entry; its winner is one of them, as a real one would be.
 * Deterministic (no draw from the seed's generator), so the rest of the demo league stays as it was.
 */
async function seedPairedTeams(tx: Tx, t: typeof tournaments.$inferSelect, signUps: (typeof users.$inferSelect)[]) {
  const size = SWITCHEROO_PAIRING_SLOTS[t.switcherooType];
  for (let i = 0; i * size < signUps.length; i++) {
    const seated = signUps.slice(i * size, (i + 1) * size);
    const [team] = await tx
      .insert(temporaryTeams)
      .values({ tournamentId: t.id, name: PAIRED_TEAM_NAMES[i] ?? `Team ${i + 1}`, captainId: seated[0].id, listOrder: i })
      .returning();
    await tx.insert(temporaryTeamMembers).values(
      seated.map((p, slot) => ({ teamId: team.id, userId: p.id, tournamentId: t.id, teamRole: slot === 0 ? ('CAPTAIN' as const) : ('PLAYER' as const), slot })),
    );
    await tx.insert(tournamentEntries).values({ tournamentId: t.id, temporaryTeamId: team.id });
  }
}
