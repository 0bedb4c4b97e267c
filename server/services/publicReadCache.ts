import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { readVersions } from '../db/schema';
import { isStaff } from '../auth/plugin';
import { etagMatches } from './bracketReadCache';

/*
 * The public reads of the league and the lists (issue 26: seasons, divisions, group and division matches, teams, the
 * tournament lists, entries) served from their serialized JSON while nothing they show has changed. The database
 * keeps one version of all their tables (`read_versions.public`, bumped at the commit of every transaction that writes
 * one of them: migration 0009), so one indexed read per request tells whether a kept body is current, on every
 * instance alike; a stale one is rebuilt once, however many requests wait for it.
 *
 * Bodies that depend on who asks are kept per viewer: `none` (the same for everyone), `staff` (unpublished seasons
 * exist only for staff), `user` (the viewer's own team or entries show). The ETag is the body's hash, so a client
 * revalidating an unchanged answer gets 304 even after a version bump that did not touch it. A signed-in viewer's
 * answer of a viewer-dependent read stays `private, no-store` (viewer-specific JSON is not stored by browsers).
 */

/** What a read's body depends on besides the data. */
export type ReadViewer = 'none' | 'staff' | 'user';

export interface CachedRead {
  viewer: ReadViewer;
  /** For a read that depends on the clock too (upcoming tournaments): a kept body is rebuilt after this long. */
  maxAgeMs?: number;
}

interface Entry {
  version: number;
  builtAt: number;
  etag: string;
  body: string;
}

/** Bounds of the kept bodies (least recently used go first). */
const MAX_ENTRIES = 4096;
const MAX_BYTES = 32 * 1024 * 1024;
/** Where the version lives (migration 0009). */
const VERSION_NAME = 'public';

const viewerKey = (request: FastifyRequest, viewer: ReadViewer) => {
  if (viewer === 'none') return '';
  if (viewer === 'staff') return isStaff(request.user) ? '|staff' : '|public';
  return request.user ? `|u${request.user.id}` : '|guest';
};

export function createPublicReadCache(db: Db, now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Entry>>();
  let bytes = 0;

  const forget = (key: string) => {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    bytes -= old.body.length;
  };
  const remember = (key: string, entry: Entry) => {
    forget(key);
    if (entry.body.length > MAX_BYTES) return;
    entries.set(key, entry);
    bytes += entry.body.length;
    for (const oldest of entries.keys()) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      forget(oldest);
    }
  };

  const currentVersion = async (): Promise<number> => {
    const [row] = await db.select({ version: readVersions.version }).from(readVersions).where(eq(readVersions.name, VERSION_NAME));
    return Number(row?.version ?? 0);
  };

  return {
    /**
     * Answers `request` with the body `build` makes (JSON), from memory while the data version and the viewer allow:
     * ETag, `Cache-Control: private, no-cache` and 304 for a matching If-None-Match. `build`'s errors (404, 400) are
     * thrown as they are and nothing is kept.
     */
    async send(request: FastifyRequest, reply: FastifyReply, read: CachedRead, build: () => Promise<unknown>) {
      // Read before the data: a body built afterwards is at least as new as the version it is kept under.
      const version = await currentVersion();
      const key = `${request.url}${viewerKey(request, read.viewer)}`;
      let entry = entries.get(key);
      const fresh = entry && entry.version === version && (read.maxAgeMs === undefined || now() - entry.builtAt < read.maxAgeMs);
      if (entry && fresh) {
        // Recently used: to the end of the LRU order.
        entries.delete(key);
        entries.set(key, entry);
      } else {
        const flight = `${version}|${key}`;
        let pending = building.get(flight);
        if (!pending) {
          pending = (async () => {
            const builtAt = now();
            const body = JSON.stringify(await build());
            const built: Entry = { version, builtAt, body, etag: `W/"p1-${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
            const kept = entries.get(key);
            if (!kept || kept.version <= version) remember(key, built);
            return built;
          })().finally(() => building.delete(flight));
          building.set(flight, pending);
        }
        entry = await pending;
      }
      reply.header('etag', entry.etag);
      // A signed-in viewer's own answer is never stored by the browser (the Hardening decision for viewer-specific JSON);
      // everything else is kept and revalidated (304).
      const personal = read.viewer !== 'none' && request.user !== null;
      reply.header('cache-control', personal ? 'private, no-store' : 'private, no-cache');
      if (read.viewer !== 'none') reply.header('vary', 'Cookie');
      if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(entry.body);
    },

    /** Bodies kept now (tests). */
    get size() {
      return entries.size;
    },
  };
}

export type PublicReadCache = ReturnType<typeof createPublicReadCache>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The public reads' cache (this module); app.ts creates one per instance. */
    publicReads: PublicReadCache;
  }
}

/** A route handler answering `build(request)` through the instance's public read cache. */
export const cachedRead =
  (app: FastifyInstance, read: CachedRead, build: (request: FastifyRequest) => Promise<unknown>) =>
  (request: FastifyRequest, reply: FastifyReply) =>
    app.publicReads.send(request, reply, read, () => build(request));
