/*
 * How a route's path (src/app/routes.tsx: `/tournaments/:tournamentId/details`) matches a URL, for the SPA's router
 * and for the server, which names each route's first screen in its page (server/http/htmlPages.ts).
 */

/** A route's path as a pattern: `:name` is one segment (a named group), any case, an optional trailing slash. */
export const routePattern = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, '(?<$1>[^/]+)')}/?$`, 'i');

/** Written by the build beside index.html (vite.config.ts, `routePreloads`): per route, its first screen's files. */
export const ROUTE_PRELOADS_FILE = 'route-preloads.json';
