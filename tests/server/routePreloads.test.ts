import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE } from '../../src/domain/routePaths';
import { useTestServer, type TestServerHandle } from '../support/testServer';

/*
 * Issue 27: each page names the code and styles of its first screen (the build's route-preloads.json), so a phone
 * fetches them beside the entry instead of after it runs, and its boot adds no links.
 */

const BUILT_INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Clutch</title>
    <script type="module" crossorigin src="/assets/main-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-1.js">
    <link rel="stylesheet" crossorigin href="/assets/main-1.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** What the build writes: the routes in the SPA's order, each with its screen's chunks and stylesheets. */
const PRELOADS = {
  routes: [
    { path: '/', js: ['/assets/HomePage-1.js', '/assets/Card-1.js'], css: ['/assets/HomePage-1.css'] },
    { path: '/tournaments/all', js: ['/assets/AllTournaments-1.js'], css: [] },
    { path: '/tournaments/:tournamentId', js: ['/assets/BracketPage-1.js'], css: [] },
    { path: '/tournaments/:tournamentId/details', js: ['/assets/Detail-1.js', '/assets/Card-1.js'], css: ['/assets/Detail-1.css'] },
    // Not what the build writes: never put into a page.
    { path: '/evil', js: ['https://elsewhere.example/x.js', '/assets/"><script>alert(1)</script>.js', '/assets/ok-1.js'], css: [42] },
    { path: '/login', js: [], css: [] },
  ],
};

function dist(preloads: string | null): string {
  const dir = mkdtempSync(join(tmpdir(), 'clutch-preloads-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), BUILT_INDEX);
  if (preloads !== null) writeFileSync(join(dir, ROUTE_PRELOADS_FILE), preloads);
  return dir;
}

/** The head's script and style links, in order: "modulepreload /assets/x.js", "stylesheet /assets/y.css". */
async function headLinks(server: TestServerHandle, url: string, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  const html = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
  const head = html.slice(0, html.search(/<\/head>/i));
  return { res, links: [...head.matchAll(/<link rel="(modulepreload|stylesheet)" crossorigin href="([^"]+)">/g)].map(([, rel, href]) => `${rel} ${href}`) };
}

const BUILT_LINKS = ['modulepreload /assets/runtime-1.js', 'stylesheet /assets/main-1.css'];

describe('route preloads: a page names its first screen', () => {
  const server = useTestServer({ config: { staticDir: dist(JSON.stringify(PRELOADS)) } });

  it("adds the route's stylesheets and chunks after the built page's own, in the head", async () => {
    expect((await headLinks(server, '/tournaments/7/details')).links).toEqual([
      ...BUILT_LINKS,
      'stylesheet /assets/Detail-1.css',
      'modulepreload /assets/Detail-1.js',
      'modulepreload /assets/Card-1.js',
    ]);
    expect((await headLinks(server, '/')).links).toEqual([...BUILT_LINKS, 'stylesheet /assets/HomePage-1.css', 'modulepreload /assets/HomePage-1.js', 'modulepreload /assets/Card-1.js']);
  });

  it('matches a path as the router does: the first route in order, any case, a trailing slash, one segment per parameter', async () => {
    expect((await headLinks(server, '/tournaments/all')).links).toEqual([...BUILT_LINKS, 'modulepreload /assets/AllTournaments-1.js']);
    expect((await headLinks(server, '/Tournaments/12/')).links).toEqual([...BUILT_LINKS, 'modulepreload /assets/BracketPage-1.js']);
    expect((await headLinks(server, '/tournaments/12?view=1')).links).toEqual([...BUILT_LINKS, 'modulepreload /assets/BracketPage-1.js']);
    // No route of the SPA (its "not found" screen), or one whose screen needs nothing more: the built page as it is.
    expect((await headLinks(server, '/tournaments/12/x/y/z')).links).toEqual(BUILT_LINKS);
    expect((await headLinks(server, '/login')).links).toEqual(BUILT_LINKS);
  });

  it('puts in only files of the build (/assets/…): nothing from elsewhere, nothing that could leave its attribute', async () => {
    expect((await headLinks(server, '/evil')).links).toEqual([...BUILT_LINKS, 'modulepreload /assets/ok-1.js']);
  });

  it('serves each route its own page: its own ETag (a 304 only for the same route), compressed', async () => {
    const details = await headLinks(server, '/tournaments/7/details', { 'accept-encoding': 'br' });
    expect(details.res.headers['content-encoding']).toBe('br');
    const home = await headLinks(server, '/');
    expect(details.res.headers.etag).not.toBe(home.res.headers.etag);
    const again = await server.app.inject({ method: 'GET', url: '/tournaments/8/details', headers: { 'if-none-match': String(details.res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    const other = await server.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(details.res.headers.etag) } });
    expect(other.statusCode).toBe(200);
  });
});

describe('route preloads: a build without them, or with a file that does not read', () => {
  const missing = useTestServer({ config: { staticDir: dist(null) } });
  const broken = useTestServer({ config: { staticDir: dist('{"routes": [') } });

  it('serves the built page as it is', async () => {
    expect((await headLinks(missing, '/tournaments/7/details')).links).toEqual(BUILT_LINKS);
    expect((await headLinks(broken, '/tournaments/7/details')).links).toEqual(BUILT_LINKS);
  });
});
