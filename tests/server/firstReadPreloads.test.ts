import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_READS, firstReads, firstReadUrl } from '../../src/domain/firstReads';
import { useTestServer, type TestServerHandle } from '../support/testServer';

/*
 * Issue 27, round 3: a public page's HTML names its first screen's API reads as preloads, so a phone asks for them
 * with the page's scripts instead of after them; only when the build's API is on the same origin.
 */

/** The shape of dist/index.html from `vite build` (with the same-origin mark vite.config.ts adds). */
const builtIndex = (mark: boolean) => `<!doctype html>
<html lang="en" data-mantine-color-scheme="dark">
  <head>
    <meta charset="UTF-8" />
    <title>Clutch</title>
    <script type="module" crossorigin src="/assets/main-1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/main-1.css">
    ${mark ? '<meta name="clutch-api" content="same-origin">' : ''}
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

function builtDist(mark: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'clutch-first-reads-'));
  writeFileSync(join(dir, 'index.html'), builtIndex(mark));
  return dir;
}

/** The href of every `<link rel="preload" as="fetch">` of the page at `url`, in order, with its attributes checked. */
async function preloads(server: TestServerHandle, url: string): Promise<string[]> {
  const res = await server.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  const head = res.body.slice(0, res.body.search(/<\/head>/i));
  const links = [...head.matchAll(/<link rel="preload" as="fetch"([^>]*)>/g)].map(([, attrs]) => attrs);
  for (const attrs of links) expect(attrs, url).toContain('crossorigin="use-credentials"');
  // After the build's own scripts and styles: the boot code keeps its place in the queue.
  if (links.length) expect(head.indexOf('rel="preload" as="fetch"'), url).toBeGreaterThan(head.indexOf('main-1.css'));
  return links.map((attrs) => /href="([^"]+)"/.exec(attrs)![1].replace(/&amp;/g, '&'));
}

describe("first reads: a public page's HTML preloads its first screen's API reads", () => {
  const server = useTestServer({ seed: true, config: { staticDir: builtDist(true), publicUrl: 'https://clutch.example' } });

  it('names the reads of each public page (lists, a tournament and its bracket, a season, a division, a match, a team), which answer 200 to a guest', async () => {
    const read = async (url: string) => JSON.parse((await server.app.inject({ method: 'GET', url })).body);
    const division: number = (await read('/v1/season/3')).divisions[0].id;
    const match: number = (await read(`/v1/match/division/${division}`))[0].id;
    const team: number = (await read('/v1/team')).results[0].id;
    const cases: [string, string[]][] = [
      ['/', ['/v1/tournament/featured', '/v1/social/feed']],
      ['/tournaments', ['/v1/tournament/upcoming']],
      ['/players', ['/v1/user?pageNo=1&perPage=25']],
      ['/tournaments/7', ['/v1/tournament/7', '/v1/tournament/7/bracket']],
      ['/tournaments/7/details', ['/v1/tournament/7']],
      ['/seasons/3', ['/v1/season/3']],
      [`/seasons/3/${division}`, [`/v1/season/divisions/${division}`]],
      [`/match/${match}`, [`/v1/match/${match}`]],
      [`/teams/${team}`, [`/v1/team/${team}`]],
    ];
    for (const [page, reads] of cases) {
      expect(await preloads(server, page), page).toEqual(reads);
      for (const read of reads) expect((await server.app.inject({ method: 'GET', url: read })).statusCode, read).toBe(200);
    }
  });

  it('names nothing on pages without first reads, fixed sub-paths, ids out of range, signed-in pages and the embeds', async () => {
    for (const page of ['/league', '/tournaments/all', '/seasons/3/teams', '/tournaments/7/entries', '/players/me', '/tournaments/99999999999', '/admin', '/invites', '/embed/tournaments/7']) {
      expect(await preloads(server, page).catch(() => []), page).toEqual([]);
    }
  });

  it('matches pages as the SPA does: any case, a trailing slash; each page keeps its own ETag', async () => {
    expect(await preloads(server, '/Tournaments/7/Details/')).toEqual(['/v1/tournament/7']);
    const a = await server.app.inject({ method: 'GET', url: '/seasons/3' });
    const b = await server.app.inject({ method: 'GET', url: '/seasons/2' });
    expect(a.headers.etag).not.toBe(b.headers.etag);
    expect((await server.app.inject({ method: 'GET', url: '/seasons/3', headers: { 'if-none-match': String(a.headers.etag) } })).statusCode).toBe(304);
  });

  it('each first read belongs to a public route of the SPA, and is written as the client writes its URL', () => {
    const routes = readFileSync('src/app/routes.tsx', 'utf8');
    for (const route of Object.keys(FIRST_READS)) {
      expect(routes, route).toMatch(new RegExp(`path: '${route}', component: \\w+, access: 'all'`));
    }
    expect(firstReads('/players').map(firstReadUrl)).toEqual(['/v1/user?pageNo=1&perPage=25']);
  });
});

describe('first reads: a build whose API is on another origin preloads nothing', () => {
  const server = useTestServer({ seed: true, config: { staticDir: builtDist(false), publicUrl: 'https://clutch.example' } });

  it('leaves the pages as built', async () => {
    for (const page of ['/', '/tournaments/7', '/seasons/3']) expect(await preloads(server, page), page).toEqual([]);
  });
});
