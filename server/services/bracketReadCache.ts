import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { toCompactBracket } from '../../src/api/contract/bracket';
import type { Db } from '../db/client';
import { listTournamentMatches } from './matchReadModel';
import { bracketVersion } from './tournamentStore';
import { yieldTurn } from './bracketStore';
import { acceptsEncoding } from '../http/compression';

/*
 * The bracket reads (GET /v1/tournament/{id}/match, and its compact form for the canvas GET /v1/tournament/{id}/bracket)
 * served from their serialized JSON. The body does not depend on the
 * viewer, so one copy per (tournament, bracket version) serves everyone. The version lives in the database
 * (`tournaments.bracket_version`, bumped by `lockTournament`), so every server instance on the same PostgreSQL
 * answers a change on the next read; this cache only spares rebuilding a body the database says is still current.
 */

export interface BracketBody {
  etag: string;
  /**
   * The JSON text. A string, not a Buffer: Fastify sends a Buffer untouched only when it is a Buffer of this realm
   * (`payload.buffer instanceof ArrayBuffer`); under another realm's globals (the jsdom view tests) it would
   * JSON-serialize the Buffer object itself.
   */
  body: string;
  /** The same body gzipped once per version (zlib works on the thread pool, not the event loop). */
  gzipped: Buffer;
}

const gzip = promisify(gzipCallback);

/** Bounds: a few brackets, and never more than this many bytes of JSON (a 4,096-entry bracket is ~5 MB). */
const MAX_ENTRIES = 16;
const MAX_BYTES = 64 * 1024 * 1024;
/**
 * The two bodies of a bracket version: the full match list and the compact bracket. Each tag changes when its body's
 * shape changes, so a client's old ETag never matches a new format.
 */
export type BracketShape = 'matches' | 'compact';
const FORMAT: Record<BracketShape, string> = { matches: 'b1', compact: 'c1' };

/** The ETag of a bracket version: the tournament's creation time keeps it unique across re-created databases. */
export function bracketEtag(tournamentId: number, v: { version: number; createdAt: number }, shape: BracketShape = 'matches'): string {
  return `W/"${FORMAT[shape]}-${tournamentId}-${v.createdAt.toString(36)}-${v.version}"`;
}

/** Whether an Accept-Encoding header accepts gzip (absent or `gzip;q=0` does not). */
export function acceptsGzip(header: string | undefined): boolean {
  return acceptsEncoding(header, 'gzip');
}

/** Whether an If-None-Match header (one tag, a list, or `*`) matches `etag` (weak comparison, RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = bare(etag);
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === wanted);
}

/**
 * `JSON.stringify(list)`, a slice of items at a time with a turn for other requests between slices: a 4,096-entry
 * bracket is ~5 MB of JSON, ~50 ms of serializing in one piece. (An array's items are never undefined here.)
 */
async function stringifyInTurns(list: unknown[], slice = 1000): Promise<string> {
  const parts: string[] = [];
  for (let i = 0; i < list.length; i += slice) {
    parts.push(list.slice(i, i + slice).map((item) => JSON.stringify(item)).join(','));
    await yieldTurn();
  }
  return `[${parts.join(',')}]`;
}

/** One cache per server instance (per `buildApp`): a bounded LRU, and one build at a time per key. */
export function createBracketReadCache(db: Db) {
  const entries = new Map<string, BracketBody>();
  const building = new Map<string, Promise<BracketBody>>();
  let bytes = 0;

  const remember = (key: string, value: BracketBody) => {
    const size = (v: BracketBody) => Buffer.byteLength(v.body) + v.gzipped.length;
    if (size(value) > MAX_BYTES) return;
    entries.set(key, value);
    bytes += size(value);
    for (const [oldest, old] of entries) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      entries.delete(oldest);
      bytes -= size(old);
    }
  };

  const build = async (tournamentId: number, etag: string, shape: BracketShape): Promise<BracketBody> => {
    // Read after the version: the rows are at least as new as the version they are filed under, never older.
    const matches = await listTournamentMatches(db, tournamentId);
    // The compact form is a tenth of the size: one stringify; the full list is serialized in slices, yielding between them.
    const body = shape === 'compact' ? JSON.stringify(toCompactBracket(matches)) : await stringifyInTurns(matches);
    return { etag, body, gzipped: await gzip(Buffer.from(body), { level: 6 }) };
  };

  return {
    /** The current ETag of a shape (one indexed read), or 404 "Tournament not found". */
    async etag(tournamentId: number, shape: BracketShape = 'matches'): Promise<string> {
      return bracketEtag(tournamentId, await bracketVersion(db, tournamentId), shape);
    },

    /** The serialized bracket for this ETag (which names its shape): from the cache, from a build in flight, or built now. */
    async body(tournamentId: number, etag: string, shape: BracketShape = 'matches'): Promise<BracketBody> {
      const key = etag;
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      let pending = building.get(key);
      if (!pending) {
        pending = build(tournamentId, etag, shape)
          .then((built) => {
            remember(key, built);
            return built;
          })
          .finally(() => building.delete(key));
        building.set(key, pending);
      }
      return pending;
    },

    /** For tests and the bench: how many bodies are held. */
    get size() {
      return entries.size;
    },
  };
}

export type BracketReadCache = ReturnType<typeof createBracketReadCache>;
