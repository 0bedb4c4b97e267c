import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the build wrote per route (vite.config.ts, routeChunks): the screen's own files beyond the main bundle. */
interface RouteChunks {
  path: string;
  js: string[];
  css: string[];
}

interface Loaded {
  mtimeMs: number;
  routes: { pattern: RegExp; link: string }[];
}

/** A route path as the SPA's router matches it: `:name` is one segment, a trailing slash is allowed. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}/?$`, 'i');

/**
 * The `Link` header of the SPA's page for a URL: `modulepreload` for the code of the screen that URL shows and
 * `preload` for its styles, so the browser fetches them beside the main bundle (on a phone over 4G that is one
 * round trip and the main bundle's download sooner). Read from `route-chunks.json` in the static folder, again when a
 * new build replaces it; nothing when it is missing (an older build) or the URL matches no route.
 */
export function createRoutePreloads(staticDir: string) {
  const file = join(staticDir, 'route-chunks.json');
  let loaded: Loaded | null = null;
  function routes(): Loaded['routes'] {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return [];
    }
    if (loaded?.mtimeMs !== mtimeMs) {
      let list: RouteChunks[] = [];
      try {
        list = JSON.parse(readFileSync(file, 'utf8')) as RouteChunks[];
      } catch {
        // A build being written: no hints this time.
      }
      loaded = {
        mtimeMs,
        routes: list.map((r) => ({
          pattern: patternOf(r.path),
          link: [...r.js.map((f) => `<${f}>; rel=modulepreload`), ...r.css.map((f) => `<${f}>; rel=preload; as=style`)].join(', '),
        })),
      };
    }
    return loaded.routes;
  }
  return {
    /** The Link header value for the page at `url` (path and query), or null. */
    linkFor(url: string): string | null {
      const path = url.split('?')[0];
      return routes().find((r) => r.pattern.test(path))?.link || null;
    },
  };
}
