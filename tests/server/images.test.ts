import { eq, getTableColumns, getTableName, isTable, type Table } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';
import { playerCards, siteImages, socialPosts, teams, tournaments, users } from '../../server/db/schema';
import { IMAGE_COLUMNS } from '../../server/storage/images';
import { useTestServer } from '../support/testServer';
import { Fixtures, TINY_PNG, upload } from './temporaryTeams.fixtures';

const server = useTestServer();
let fx: Fixtures;
beforeAll(() => {
  fx = new Fixtures(server);
});

const T = (id: number) => `/v1/tournament/temporary-team/${id}`;

/** A team whose captain uploaded a logo: the image's URL, and a way to remove the logo again. */
async function teamWithLogo() {
  const tournament = await fx.tournament();
  const captainUser = await fx.user();
  const team = await fx.team(tournament, captainUser);
  const captain = await fx.as(captainUser);
  const up = await upload(captain, `${T(team.id)}/logo`, TINY_PNG, 'image/png');
  expect(up.status).toBe(200);
  const url = up.body.logoUrl as string;
  return { url, removeLogo: () => captain.delete(`${T(team.id)}/logo`) };
}

/** Makes one row of each image column show `url`. */
const showers: Record<string, (url: string) => Promise<unknown>> = {
  'teams.logo_url': (url) => fx.db.insert(teams).values({ name: `League ${Math.random()}`, logoUrl: url }),
  'users.picture': async (url) => fx.user().then((u) => fx.db.update(users).set({ picture: url }).where(eq(users.id, u.id))),
  'tournaments.graphic_url': (url) => fx.tournament({ graphicUrl: url }),
  'temporary_teams.logo_url': async (url) => fx.team(await fx.tournament(), await fx.user(), [], { logoUrl: url }),
  'site_images.url': (url) => fx.db.insert(siteImages).values({ imageType: `BANNER_${Math.random()}`, url }),
  'social_posts.image_url': (url) =>
    fx.db.insert(socialPosts).values({ author: 'Clutch', handle: '@clutch', text: 'GG', imageUrl: url, postedAt: Date.now() }),
  'player_cards.picture_url': (url) => fx.db.insert(playerCards).values({ name: 'Card', rank: 1, twitterHandle: 'card', pictureUrl: url }),
};

describe('deleting an image nobody shows any more', () => {
  it('knows every column of the schema that can hold an image URL', () => {
    const imageLike = /(logo|picture|graphic|image|banner|avatar)(_url)?$/i;
    const found: string[] = [];
    for (const value of Object.values(schema)) {
      if (!isTable(value) || value === schema.images) continue;
      const table = getTableName(value as Table);
      for (const column of Object.values(getTableColumns(value as Table))) {
        if (column.dataType !== 'string') continue;
        if (imageLike.test(column.name) || (/image/i.test(table) && column.name === 'url')) found.push(`${table}.${column.name}`);
      }
    }
    const known = IMAGE_COLUMNS.map((c) => `${getTableName(c.table)}.${c.name}`);
    expect(known.sort()).toEqual(found.sort());
    expect(Object.keys(showers).sort()).toEqual(found.sort());
  });

  it('deletes a removed logo that nothing else shows', async () => {
    const { url, removeLogo } = await teamWithLogo();

    expect((await removeLogo()).status).toBe(204);

    expect((await server.agent().get(url)).status).toBe(404);
  });

  for (const [column, show] of Object.entries(showers)) {
    it(`keeps a removed logo that ${column} still shows`, async () => {
      const { url, removeLogo } = await teamWithLogo();
      await show(url);

      expect((await removeLogo()).status).toBe(204);

      expect((await server.agent().get(url)).status).toBe(200);
    });
  }

  it("keeps a deleted tournament's graphic that a site banner still shows", async () => {
    const { url, removeLogo } = await teamWithLogo();
    const tournament = await fx.tournament({ graphicUrl: url });
    await fx.db.insert(siteImages).values({ imageType: 'HOME_PAGE_BANNER_KEPT', url });
    await removeLogo();
    const admin = await fx.as(await fx.user({ role: 'ADMIN' }));

    expect((await admin.delete(`/v1/tournament/${tournament.id}`)).status).toBeLessThan(300);

    expect((await server.agent().get(url)).status).toBe(200);
    expect(await fx.db.select().from(tournaments).where(eq(tournaments.id, tournament.id))).toEqual([]);
  });
});
