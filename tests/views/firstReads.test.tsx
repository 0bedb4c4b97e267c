import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../src/api/client';
import { preloadRoute } from '../../src/app/routes';
import { FIRST_READS, firstReads, firstReadUrl } from '../../src/domain/firstReads';

/*
 * Issue 27, round 3: the server preloads a page's first reads from its HTML (src/domain/firstReads.ts); the browser
 * hands a preload to the page's own fetch only when the URL is the same, character for character. So the SPA's boot
 * (`preloadRoute`, the screens' own endpoint calls) must ask for exactly the URLs the server names.
 */

const SAMPLE_IDS = { id: '21', tournamentId: '7', seasonId: '3', divisionId: '4', matchId: '82' } as Record<string, string>;

afterEach(() => api.configure({ origin: '' }));

describe('first reads: the SPA asks for the URLs the server preloads', () => {
  it('for every public page with first reads, the boot fetches exactly the preloaded URLs', async () => {
    for (const route of Object.keys(FIRST_READS)) {
      const path = route.replace(/:(\w+)/g, (_, name: string) => SAMPLE_IDS[name]);
      const fetched: string[] = [];
      api.configure({
        origin: '',
        fetch: async (input) => {
          const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://clutch.test');
          fetched.push(url.pathname + url.search);
          // Not found: the read's answer is not what this test is about (nothing to validate).
          return new Response('{"message":"Not found"}', { status: 404, headers: { 'content-type': 'application/json' } });
        },
      });
      preloadRoute(path);
      await new Promise((r) => setTimeout(r, 0));
      expect(fetched.sort(), path).toEqual(firstReads(path).map(firstReadUrl).sort());
      expect(fetched.length, path).toBeGreaterThan(0);
    }
  });
});
