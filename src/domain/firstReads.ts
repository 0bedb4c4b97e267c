/*
 * The first reads of the public pages (issue 27): the API calls a page's first screen makes before it can show
 * anything, written once for both programs. The SPA asks for them at boot beside the screen's code
 * (`preloadRoute`, src/app/routes.tsx), and the server names them in the page's HTML as
 * `<link rel="preload" as="fetch">` (server/http/htmlPages.ts), so a browser starts them with the page's own scripts
 * instead of after them; the SPA's call to the same URL then takes the preloaded answer.
 * A screen that changes its first calls changes them here (a call that no longer matches only costs an unused read).
 */

import { DEFAULT_PER_PAGE } from './constants';

export interface FirstRead {
  /** The endpoint's path under /v1. */
  path: string;
  /** Its query, in the order the SPA's endpoint sends it. */
  query?: Record<string, string | number>;
  /** Read as bytes (a body parsed off the main thread: the bracket), not as JSON. */
  bytes?: boolean;
}

/** By the SPA's route path (src/app/routes.tsx): the reads of its first screen from the route's ids. */
export const FIRST_READS: Readonly<Record<string, (ids: number[]) => FirstRead[]>> = {
  '/': () => [{ path: '/tournament/featured' }, { path: '/social/feed' }],
  '/players': () => [{ path: '/user', query: { pageNo: 1, perPage: DEFAULT_PER_PAGE } }],
  '/teams/:id': ([id]) => [{ path: `/team/${id}` }],
  '/tournaments': () => [{ path: '/tournament/upcoming' }],
  '/tournaments/:tournamentId': ([id]) => [{ path: `/tournament/${id}` }, { path: `/tournament/${id}/bracket`, bytes: true }],
  '/tournaments/:tournamentId/details': ([id]) => [{ path: `/tournament/${id}` }],
  '/seasons/:seasonId': ([id]) => [{ path: `/season/${id}` }],
  '/seasons/:seasonId/:divisionId': ([, divisionId]) => [{ path: `/season/divisions/${divisionId}` }],
  '/match/:matchId': ([id]) => [{ path: `/match/${id}` }],
};

/** The largest id the API takes (a PostgreSQL integer). */
const MAX_ID = 2_147_483_647;
const PATTERNS = Object.entries(FIRST_READS).map(([route, reads]) => ({
  // As the SPA matches its routes (any case, an optional trailing slash), ids as positive integers only: a fixed
  // segment (/tournaments/all, /seasons/3/teams) never reads as an id.
  pattern: new RegExp(`^${route.replace(/:\w+/g, '([1-9][0-9]{0,9})')}/?$`, 'i'),
  reads,
}));

/** The first reads of the page at `pathname` (none for a page without any, or an id out of range). */
export function firstReads(pathname: string): FirstRead[] {
  for (const { pattern, reads } of PATTERNS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const ids = match.slice(1).map(Number);
    return ids.every((id) => id <= MAX_ID) ? reads(ids) : [];
  }
  return [];
}

/** The URL the SPA's client fetches for `read` on its own origin (its query written as the client writes it). */
export function firstReadUrl(read: FirstRead): string {
  const query = new URLSearchParams(Object.entries(read.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return `/v1${read.path}${query ? `?${query}` : ''}`;
}
