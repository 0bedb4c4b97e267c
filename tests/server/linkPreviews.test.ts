import { and, eq, sql } from 'drizzle-orm';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { seasonDivisions, seasonMatches, seasons, teams, temporaryTeams, tournamentMatches, tournaments, users } from '../../server/db/schema';
import { PREVIEW_PAGES } from '../../server/services/linkPreviews';
import { DEMO_ACCOUNTS } from '../../server/db/seed';
import { formatDate } from '../../src/domain/dates';
import { createTournament } from './tournaments.fixtures';
import { createSeason } from './seasons.fixtures';
import { TINY_PNG, upload } from './temporaryTeams.fixtures';
import { useTestServer, type TestServerHandle } from '../support/testServer';
import { buildApp } from '../../server/app';

/*
 * Issue 25, link previews: a page's first HTML carries its Open Graph and Twitter card tags (crawlers run no
 * JavaScript), the SPA's own tags and scripts unchanged around them.
 */

const PUBLIC_URL = 'https://clutch.example';

/** What `vite build` writes (the shape of dist/index.html): the scripts and styles must reach every page as they are. */
const BUILT_INDEX = `<!doctype html>
<html lang="en" data-mantine-color-scheme="dark">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="theme-color" content="#141517" />
    <meta name="color-scheme" content="dark" />
    <meta name="description" content="Clutch: esports league and tournaments. Brackets, seasons, score reporting." />
    <title>Clutch</title>
    <script type="module" crossorigin src="/assets/main-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/boot-1.js">
    <link rel="stylesheet" crossorigin href="/assets/main-1.css">
  </head>
  <body>
    <div id="root"></div>
    <noscript>Clutch needs JavaScript to run.</noscript>
  </body>
</html>
`;
const BUILT_EMBED = `<!doctype html>
<html lang="en" data-mantine-color-scheme="dark">
  <head>
    <meta charset="UTF-8" />
    <meta name="robots" content="noindex" />
    <title>Bracket · Clutch</title>
    <script type="module" crossorigin src="/assets/embed-1.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;

function builtDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clutch-previews-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), BUILT_INDEX);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(BUILT_INDEX));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(BUILT_INDEX));
  writeFileSync(join(dir, 'embed.html'), BUILT_EMBED);
  writeFileSync(join(dir, 'assets', 'main-1.js'), 'console.log(1)');
  return dir;
}

const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);

interface Head {
  title: string | null;
  /** Every <meta> of the page by its name or property, values decoded. */
  meta: Record<string, string[]>;
}

/** A small HTML reader for the tags a crawler reads: <title> and the name/property and content of each <meta>. */
function readHead(html: string): Head {
  const head = html.slice(0, html.search(/<\/head>/i));
  const meta: Record<string, string[]> = {};
  for (const [, attrs] of head.matchAll(/<meta\b([^>]*)>/gi)) {
    const values = Object.fromEntries([...attrs.matchAll(/([a-z:-]+)\s*=\s*"([^"]*)"/gi)].map(([, k, v]) => [k.toLowerCase(), decode(v)]));
    const key = values.property ?? values.name;
    if (key && values.content !== undefined) (meta[key] ??= []).push(values.content);
  }
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/gi)].map(([, t]) => decode(t));
  expect(titles.length, 'one <title>').toBeLessThanOrEqual(1);
  return { title: titles[0] ?? null, meta };
}

/** The one value of a tag (fails when the tag is missing or repeated). */
function tag(head: Head, key: string): string {
  expect(head.meta[key], key).toHaveLength(1);
  return head.meta[key][0];
}

async function page(server: TestServerHandle, url: string, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  expect(res.headers['content-type'], url).toMatch(/^text\/html/);
  return { res, head: readHead(res.body) };
}

/** The site's own preview: what every page without one of its own (and every unknown or hidden thing) gets. */
function expectSitePreview(head: Head, title = 'Clutch') {
  // The built page's own <title> (the embed's is "Bracket · Clutch").
  expect(head.title).toBe(title);
  expect(tag(head, 'og:title')).toBe('Clutch');
  expect(tag(head, 'og:description')).toBe('Clutch: esports league and tournaments. Brackets, seasons, score reporting.');
  expect(tag(head, 'description')).toBe(tag(head, 'og:description'));
  expect(tag(head, 'og:url')).toBe(`${PUBLIC_URL}/`);
  expect(tag(head, 'og:image')).toBe(`${PUBLIC_URL}/og-image.jpg`);
  expect(tag(head, 'og:image:width')).toBe('1200');
  expect(tag(head, 'og:image:height')).toBe('630');
  expect(tag(head, 'og:site_name')).toBe('Clutch');
  expect(tag(head, 'og:type')).toBe('website');
  expect(tag(head, 'twitter:card')).toBe('summary_large_image');
}

describe('link previews: every kind of page carries its Open Graph and Twitter card tags', () => {
  const dir = builtDist();
  const server = useTestServer({ seed: true, config: { staticDir: dir, publicUrl: PUBLIC_URL } });
  let ids: {
    openTournament: number;
    activeTournament: number;
    match: number;
    tempTeam: number;
    season: number;
    division: number;
    otherSeasonDivision: number;
    leagueMatch: number;
    team: number;
    player: number;
    banned: number;
  };

  beforeAll(async () => {
    const db = server.db;
    const byTitle = async (title: string) => (await db.select().from(tournaments).where(eq(tournaments.title, title)))[0];
    const winter = await byTitle('Winter Major');
    const [match] = await db
      .select()
      .from(tournamentMatches)
      .where(eq(tournamentMatches.tournamentId, winter.id))
      .orderBy(tournamentMatches.matchNumber)
      .limit(1);
    const squad = await byTitle('Squad Cup: 4v4');
    const [tempTeam] = await db.select().from(temporaryTeams).where(eq(temporaryTeams.tournamentId, squad.id)).orderBy(temporaryTeams.id).limit(1);
    const [season] = await db.select().from(seasons).where(eq(seasons.published, true)).orderBy(seasons.id).limit(1);
    const divisions = await db.select().from(seasonDivisions).orderBy(seasonDivisions.id);
    const division = divisions.find((d) => d.seasonId === season.id)!;
    const other = divisions.find((d) => d.seasonId !== season.id)!;
    const [leagueMatch] = await db.select().from(seasonMatches).where(eq(seasonMatches.divisionId, division.id)).orderBy(seasonMatches.id).limit(1);
    const [team] = await db.select().from(teams).orderBy(teams.id).limit(1);
    const [player] = await db.select().from(users).where(eq(users.discordName, DEMO_ACCOUNTS.admins[0]));
    const [banned] = await db.select().from(users).where(eq(users.discordName, DEMO_ACCOUNTS.banned));
    ids = {
      openTournament: (await byTitle('Friday Night Showdown')).id,
      activeTournament: winter.id,
      match: match.id,
      tempTeam: tempTeam.id,
      season: season.id,
      division: division.id,
      otherSeasonDivision: other.id,
      leagueMatch: leagueMatch.id,
      team: team.id,
      player: player.id,
      banned: banned.id,
    };
  });

  it('a tournament: title, status with dates dd/MM/yyyy and entries, the site picture when it has none, on each of its pages', async () => {
    const [t] = await server.db.select().from(tournaments).where(eq(tournaments.id, ids.openTournament));
    const expected = `OPEN · starts ${formatDate(t.startDate)} 19:00 · 11 / 16 entries · Solo · Call of Duty: Modern Warfare III · Free. ${t.subTitle}`;
    for (const [path, title] of [
      [`/tournaments/${t.id}/details`, t.title],
      [`/tournaments/${t.id}`, `${t.title} bracket`],
      [`/tournaments/${t.id}/entries`, `${t.title} entries`],
      [`/tournaments/${t.id}/details/`, t.title],
      [`/embed/tournaments/${t.id}?theme=transparent`, `${t.title} bracket`],
    ]) {
      const { head } = await page(server, path);
      expect(head.title, path).toBe(`${title} · Clutch`);
      expect(tag(head, 'og:title'), path).toBe(title);
      expect(tag(head, 'og:description'), path).toBe(expected);
      expect(tag(head, 'description'), path).toBe(expected);
      expect(tag(head, 'og:url'), path).toBe(`${PUBLIC_URL}${path.split('?')[0]}`);
      expect(tag(head, 'og:image'), path).toBe(`${PUBLIC_URL}/og-image.jpg`);
      expect(tag(head, 'og:type'), path).toBe('website');
      expect(tag(head, 'og:site_name'), path).toBe('Clutch');
      expect(tag(head, 'twitter:card'), path).toBe('summary_large_image');
    }
  });

  it("a tournament's uploaded banner is its picture, an absolute URL on PUBLIC_URL that answers with the image", async () => {
    const admin = await server.signIn(DEMO_ACCOUNTS.admins[0]);
    const id = await createTournament(admin, { title: 'Banner Cup' });
    expect((await upload(admin, `/v1/tournament/${id}/logo`, TINY_PNG, 'image/png')).status).toBe(200);
    const [{ graphicUrl }] = await server.db.select().from(tournaments).where(eq(tournaments.id, id));
    const { head } = await page(server, `/tournaments/${id}/details`);
    expect(tag(head, 'og:image')).toBe(`${PUBLIC_URL}${graphicUrl}`);
    expect(tag(head, 'og:image:type')).toBe('image/png');
    expect(tag(head, 'og:image:alt')).toBe('Banner Cup');
    expect(tag(head, 'twitter:card')).toBe('summary_large_image');
    const image = await server.agent().get(new URL(tag(head, 'og:image')).pathname);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('an active tournament, a match of its bracket and a tournament team', async () => {
    const active = await page(server, `/tournaments/${ids.activeTournament}`);
    const [t] = await server.db.select().from(tournaments).where(eq(tournaments.id, ids.activeTournament));
    expect(tag(active.head, 'og:description')).toMatch(new RegExp(`^ACTIVE · started ${formatDate(t.startDate)} 19:00 · 64 entries · Solo`));

    const [done] = await server.db.select().from(tournaments).where(eq(tournaments.title, 'Autumn Team Cup'));
    const completed = await page(server, `/tournaments/${done.id}/details`);
    expect(tag(completed.head, 'og:description')).toBe(
      `COMPLETED · ${formatDate(done.startDate)} – ${formatDate(done.endDate)} · winner ${done.winningEntryName} · 8 entries · Teams of 4 · Call of Duty: Vanguard · €10.00. ${done.subTitle}`,
    );

    const match = await page(server, `/tournaments/${ids.activeTournament}/match/${ids.match}`);
    expect(tag(match.head, 'og:title')).toBe('Match 1 · Winter Major');
    expect(match.head.title).toBe('Match 1 · Winter Major · Clutch');
    expect(tag(match.head, 'og:description')).toMatch(/^Round 1 · \S.* vs \S.*/);

    const team = await page(server, `/tournaments/${(await server.db.select().from(tournaments).where(eq(tournaments.title, 'Squad Cup: 4v4')))[0].id}/${ids.tempTeam}`);
    expect(tag(team.head, 'og:title')).toMatch(/ · Squad Cup: 4v4$/);
    expect(tag(team.head, 'og:description')).toMatch(/^Team in Squad Cup: 4v4 · \d+ players? · \d+ wins?, \d+ loss(es)?$/);
  });

  it('a season, its division (both addresses) and a league match', async () => {
    const [s] = await server.db.select().from(seasons).where(eq(seasons.id, ids.season));
    const season = await page(server, `/seasons/${s.id}`);
    expect(tag(season.head, 'og:title')).toBe(s.name);
    expect(tag(season.head, 'og:description')).toMatch(new RegExp(`^${s.seasonType} · starts ${formatDate(s.startDate)} · \\d+ weeks? · entry fee (Free|€[\\d.]+) · \\d+ teams?`));
    expect(tag(season.head, 'og:image')).toBe(`${PUBLIC_URL}/og-image.jpg`);

    const [d] = await server.db.select().from(seasonDivisions).where(eq(seasonDivisions.id, ids.division));
    const division = await page(server, `/seasons/${s.id}/${d.id}`);
    expect(tag(division.head, 'og:title')).toBe(`${d.name} · ${s.name}`);
    expect(tag(division.head, 'og:description')).toMatch(new RegExp(`^${s.name} · ${s.seasonType} · `));
    const matches = await page(server, `/division/${d.id}`);
    expect(tag(matches.head, 'og:title')).toBe(`${d.name} matches · ${s.name}`);
    const embed = await page(server, `/embed/division/${d.id}`);
    expect(tag(embed.head, 'og:title')).toBe(`${d.name} bracket · ${s.name}`);

    const match = await page(server, `/match/${ids.leagueMatch}`);
    expect(tag(match.head, 'og:title')).toMatch(new RegExp(` · ${s.name}$`));
    expect(tag(match.head, 'og:description')).toMatch(new RegExp(`^\\S.* vs \\S.* · ${d.name}`));
  });

  it("a team and a player: the logo or picture when crawlers can show it (the seed's are SVG: the site picture then)", async () => {
    const [t] = await server.db.select().from(teams).where(eq(teams.id, ids.team));
    const team = await page(server, `/teams/${t.id}`);
    expect(team.head.title).toBe(`${t.name} · Clutch`);
    expect(tag(team.head, 'og:description')).toMatch(new RegExp(`^\\d+ members? · ${t.wins} wins?, ${t.losses} loss(es)?`));
    expect(tag(team.head, 'og:image')).toBe(`${PUBLIC_URL}/og-image.jpg`);

    const [captainRow] = await server.db.select().from(users).where(and(eq(users.teamId, t.id), eq(users.teamRole, 'CAPTAIN')));
    const captain = await server.signIn(captainRow.discordName);
    expect((await upload(captain, `/v1/team/${t.id}/logo`, TINY_PNG, 'image/png')).status).toBe(200);
    const withLogo = await page(server, `/teams/${t.id}`);
    expect(tag(withLogo.head, 'og:image')).toMatch(new RegExp(`^${PUBLIC_URL}/v1/images/\\d+$`));
    // A logo is a thumbnail beside the text, not a banner.
    expect(tag(withLogo.head, 'twitter:card')).toBe('summary');

    const [u] = await server.db.select().from(users).where(eq(users.id, ids.player));
    const player = await page(server, `/players/${u.id}`);
    expect(tag(player.head, 'og:title')).toBe(u.discordName);
    expect(tag(player.head, 'og:type')).toBe('profile');
    expect(tag(player.head, 'profile:username')).toBe(u.discordName);
    expect(tag(player.head, 'og:description')).toMatch(new RegExp(`^KR ${u.katanaRank} · ${u.wins} wins?, ${u.losses} loss(es)?`));
    const past = await page(server, `/players/${u.id}/past-tournaments`);
    expect(tag(past.head, 'og:title')).toBe(`${u.discordName} · Past Tournaments`);
  });

  it('unknown ids, hidden things and pages without a preview of their own get the site preview (and still the SPA)', async () => {
    const admin = await server.signIn(DEMO_ACCOUNTS.admins[0]);
    const hidden = await createSeason(admin, { name: 'Secret Spring Season', published: false });
    const paths = [
      '/',
      '/index.html',
      '/league',
      '/tournaments',
      '/tournaments/all',
      '/tournaments/999999/details',
      '/tournaments/99999999999',
      `/tournaments/${ids.activeTournament}/match/999999`,
      `/tournaments/${ids.openTournament}/match/${ids.match}`,
      `/tournaments/${ids.activeTournament}/${ids.tempTeam}`,
      `/tournaments/${ids.activeTournament}/matches`,
      `/seasons/${hidden}`,
      `/seasons/${ids.season}/${ids.otherSeasonDivision}`,
      `/seasons/${ids.season}/teams`,
      '/division/999999',
      '/match/999999',
      '/teams/999999',
      `/players/${ids.banned}`,
      '/players/0',
      '/embed/tournaments/999999',
      '/nowhere/at/all',
    ];
    const site = await page(server, '/');
    for (const path of paths) {
      const { res, head } = await page(server, path);
      expectSitePreview(head, path.startsWith('/embed/') ? 'Bracket · Clutch' : 'Clutch');
      expect(res.body, path).not.toContain('Secret Spring Season');
      // The very page every other such page gets (the SPA then shows its not-found page where it must).
      if (!path.startsWith('/embed/')) expect(res.body, path).toBe(site.res.body);
    }
    // Signed in as staff the SPA shows the season; the page's tags are still a guest's (crawlers are guests).
    const staffView = await admin.get(`/seasons/${hidden}`);
    expect(String(staffView.body)).not.toContain('Secret Spring Season');
  });

  it('escapes every value: quotes, ampersands and a <script> in a title cannot break the page', async () => {
    const admin = await server.signIn(DEMO_ACCOUNTS.admins[0]);
    const title = `"Quoted" Cup </title><script>alert('x')</script> & <b>co</b>`;
    const id = await createTournament(admin, { title, subTitle: `It's "on" <img src=x onerror=alert(1)>` });
    const { res, head } = await page(server, `/tournaments/${id}/details`);
    expect(head.title).toBe(`${title} · Clutch`);
    expect(tag(head, 'og:title')).toBe(title);
    expect(tag(head, 'og:description')).toMatch(/\. It's "on" <img src=x onerror=alert\(1\)>$/);
    // Nothing of the values became markup: the page has the template's one script and no image.
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(res.body).not.toMatch(/<img|<b>/);
  });

  it('boots the SPA the same: the built scripts, preloads and styles untouched, the same security headers', async () => {
    const { res } = await page(server, `/tournaments/${ids.activeTournament}`);
    const site = await page(server, '/league');
    for (const line of BUILT_INDEX.split('\n').filter((l) => /<(script|link|meta charset|meta name="viewport"|div id="root")/.test(l))) {
      expect(res.body, line).toContain(line.trim());
    }
    expect(res.body.endsWith('</html>\n')).toBe(true);
    for (const header of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'x-content-type-options']) {
      expect(res.headers[header], header).toBe(site.res.headers[header]);
    }
    const embed = await page(server, `/embed/tournaments/${ids.activeTournament}`);
    expect(embed.res.body).toContain('<script type="module" crossorigin src="/assets/embed-1.js"></script>');
    expect(embed.res.body).toContain('<meta name="robots" content="noindex" />');
    expect(String(embed.res.headers['content-security-policy'])).toContain('frame-ancestors *');
  });

  it('compresses a page with a preview as the client accepts it, revalidates it by ETag, and changes the ETag with the data', async () => {
    const path = `/tournaments/${ids.activeTournament}/details`;
    const plain = await page(server, path);
    expect(plain.res.headers['content-encoding']).toBeUndefined();
    expect(plain.res.headers['cache-control']).toBe('no-cache');
    expect(plain.res.headers.vary).toMatch(/accept-encoding/);
    const br = await page(server, path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.res.rawPayload).toString()).toBe(plain.res.body);
    const gz = await page(server, path, { 'accept-encoding': 'gzip' });
    expect(gz.res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.res.rawPayload).toString()).toBe(plain.res.body);

    const etag = String(br.res.headers.etag);
    const again = await server.app.inject({ method: 'GET', url: path, headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    await server.db.update(tournaments).set({ title: 'Winter Major (renamed)' }).where(eq(tournaments.id, ids.activeTournament));
    try {
      const changed = await server.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(readHead(changed.body).title).toBe('Winter Major (renamed) · Clutch');
    } finally {
      await server.db.update(tournaments).set({ title: 'Winter Major' }).where(eq(tournaments.id, ids.activeTournament));
    }
  });

  it("serves the site's page (and unknown ids') compressed at the build's settings, the same bytes every time", async () => {
    const a = await page(server, '/', { 'accept-encoding': 'br' });
    const b = await page(server, '/tournaments/999999', { 'accept-encoding': 'br' });
    expect(a.res.headers['content-encoding']).toBe('br');
    expect(Buffer.compare(a.res.rawPayload, b.res.rawPayload)).toBe(0);
    expect(a.res.headers.etag).toBe(b.res.headers.etag);
    const revalidated = await server.app.inject({ method: 'GET', url: '/league', headers: { 'if-none-match': String(a.res.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
  });

  it('answers a missing file under a page address with 404, never the page', async () => {
    for (const url of ['/tournaments/7/app.js', '/players/3/avatar.png', '/index.htm', '/embed/tournaments/7/x.css']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/json/);
    }
  });

  it('each previewed page is a public page of the SPA (its route tables spell the same paths)', () => {
    const tables = ['src/app/routes.tsx', 'src/app/EmbedApp.tsx'].map((file) => readFileSync(file, 'utf8')).join('\n');
    const paths = new Set([...tables.matchAll(/path: '([^']+)'/g)].map(([, p]) => p.replace(/:\w+/g, ':id')));
    for (const { path } of PREVIEW_PAGES) expect(paths.has(path.replace(/:\w+/g, ':id')), path).toBe(true);
  });
});

describe('link previews when the database is slow or failing: the site preview, never a failed page', () => {
  const dir = builtDist();
  const server = useTestServer({ seed: true, config: { staticDir: dir, publicUrl: PUBLIC_URL } });

  it('answers with the site preview when the read waits on a lock, within the timeout', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const lock = server.db.transaction(async (tx) => {
      await tx.execute(sql`lock table tournaments in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    try {
      const started = Date.now();
      const { head } = await page(server, '/tournaments/7/details');
      expectSitePreview(head);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      release();
      await lock;
    }
    const { head } = await page(server, '/tournaments/7/details');
    expect(tag(head, 'og:title')).toBe('Winter Major');
  });

  it('sends the site preview while the instance is starting (the database may not be migrated yet: no read)', async () => {
    const starting = await buildApp({ config: server.config, database: server.database, starting: true });
    try {
      const res = await starting.inject({ method: 'GET', url: '/tournaments/7/details' });
      expect(res.statusCode).toBe(200);
      expectSitePreview(readHead(res.body));
    } finally {
      await starting.close();
    }
  });

  it('answers with the site preview when the read fails', async () => {
    await server.db.execute(sql`alter table seasons rename to seasons_away`);
    try {
      const { head } = await page(server, '/seasons/1');
      expectSitePreview(head);
    } finally {
      await server.db.execute(sql`alter table seasons_away rename to seasons`);
    }
    const { head } = await page(server, '/seasons/1');
    expect(tag(head, 'og:title')).not.toBe('Clutch');
  });
});
