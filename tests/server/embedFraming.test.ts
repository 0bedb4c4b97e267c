import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { startTestServer, useTestServer } from '../support/testServer';

/** Only the embeddable bracket (/embed/…) may be framed by other sites; every other page and answer refuses (issue 23). */
describe('framing: the embed pages and the rest of the site', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'clutch-embed-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>site</title><div id="root"></div>');
    writeFileSync(join(dir, 'embed.html'), '<!doctype html><title>embed</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'embed-1.js'), 'console.log(1)');
  });
  const server = useTestServer(() => ({ config: { staticDir: dir } }));
  const frameAncestors = (csp: unknown) => /frame-ancestors ([^;]*)/.exec(String(csp))?.[1];

  it.each(['/embed/tournaments/3', '/embed/division/7?theme=transparent&follow=Zero', '/embed/tournaments/999999'])(
    'serves %s as the embed page, framable by any site',
    async (url) => {
      const res = await server.agent().get(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(String(res.body)).toContain('<title>embed</title>');
      expect(frameAncestors(res.headers['content-security-policy'])).toBe('*');
      expect(res.headers['x-frame-options']).toBeUndefined();
      // The rest of the CSP is the site's.
      expect(String(res.headers['content-security-policy'])).toContain("object-src 'none'");
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it.each(['/', '/tournaments/3', '/seasons/1/2', '/embed', '/v1/health', '/assets/embed-1.js'])('refuses other sites’ frames for %s', async (url) => {
    const res = await server.agent().get(url);
    expect(res.status).toBe(200);
    expect(frameAncestors(res.headers['content-security-policy'])).toBe("'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers a missing file under /embed/ with 404, never the page', async () => {
    const res = await server.agent().get('/embed/tournaments/3/app.js');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('lets EMBED_FRAME_ANCESTORS name who may frame the embeds', async () => {
    const config = loadConfig({ DATA_DIR: 'memory://', SESSION_SECRET: 'x', EMBED_FRAME_ANCESTORS: "'self' https://obs.example.com, https://*.twitch.tv" });
    expect(config.embedFrameAncestors).toEqual(["'self'", 'https://obs.example.com', 'https://*.twitch.tv']);
    const limited = await startTestServer({ config: { staticDir: dir, embedFrameAncestors: config.embedFrameAncestors } });
    try {
      const res = await limited.agent().get('/embed/tournaments/3');
      expect(frameAncestors(res.headers['content-security-policy'])).toBe("'self' https://obs.example.com https://*.twitch.tv");
      expect(frameAncestors((await limited.agent().get('/tournaments/3')).headers['content-security-policy'])).toBe("'self'");
    } finally {
      await limited.close();
    }
  });

  it.each(['https://ok.example.com; script-src *', "'none' https://a.example", 'javascript:alert(1)"'])('refuses EMBED_FRAME_ANCESTORS=%s at startup', (value) => {
    expect(() => loadConfig({ DATA_DIR: 'memory://', SESSION_SECRET: 'x', EMBED_FRAME_ANCESTORS: value })).toThrow(/EMBED_FRAME_ANCESTORS/);
  });
});
