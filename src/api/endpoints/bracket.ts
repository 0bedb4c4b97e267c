import { BRACKET_TIMING, markBracket, measureBracket, nowMs } from '../bracketTiming';
import { api, unexpected } from '../client';
import type { PackedBracket } from '../contract/bracket';
import { parseBracket, type ParsedBracket } from './parseBracket';

/** Bodies from this size on are parsed in a worker (a 1,024-entry bracket is ~110 KB, a 4,096-entry one ~450 KB). */
export const WORKER_MIN_BYTES = 64 * 1024;

export interface TournamentBracket {
  /** The body's ETag: a later read with the same one is the same bracket. */
  etag: string | null;
  bracket: PackedBracket;
}

/** `start` on this page's timeline (performance.now()), `ms` how long parsing took. */
type Parsed = ParsedBracket & { start: number; ms: number };

/** One worker for every bracket read of the page's life (created on the first large body, or by `startBracketParser`). */
let worker: Worker | null = null;
const waiting = new Map<number, (parsed: Parsed) => void>();
let nextId = 0;

/**
 * Starts the parsing worker ahead of a bracket read (a page linking to a bracket calls it in idle time): its script
 * is then fetched and compiled before the body arrives instead of after it.
 */
export function startBracketParser(): Worker | null {
  if (!worker && typeof Worker !== 'undefined') {
    worker = new Worker(new URL('./parseBracket.worker.ts', import.meta.url), { type: 'module', name: 'bracket-parser' });
    worker.onmessage = (event: MessageEvent<Parsed & { id: number }>) => {
      // The worker's clock starts elsewhere: its start comes as an absolute time.
      const { id, start, ...parsed } = event.data;
      waiting.get(id)?.({ ...parsed, start: start - performance.timeOrigin });
      waiting.delete(id);
    };
    worker.onerror = (event) => {
      // A worker that cannot run (blocked script, syntax the browser lacks): every read in flight fails as unexpected.
      event.preventDefault();
      for (const [, done] of waiting) done({ bracket: null, problem: event.message || 'the parsing worker failed', start: 0, ms: 0 });
      waiting.clear();
      worker?.terminate();
      worker = null;
    };
  }
  return worker;
}

function parseInWorker(body: ArrayBuffer): Promise<Parsed> {
  const sent = startBracketParser() as Worker;
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    sent.postMessage({ id, body }, [body]);
  });
}

function parseHere(body: ArrayBuffer): Parsed {
  const t0 = nowMs();
  const parsed = parseBracket(body);
  return { ...parsed, start: t0, ms: nowMs() - t0 };
}

/**
 * GET /v1/tournament/{id}/bracket: the compact bracket for the canvas, parsed and validated in a worker when large
 * (the main thread only receives the packed rows), here when small or where there are no workers. Answers null when
 * the body's ETag is `knownEtag` (the bracket held is still current: nothing is parsed).
 */
/** The compact bracket's bytes asked for ahead of the page (`api.prefetch`); getTournamentBracket takes them. */
export const prefetchTournamentBracket = (tournamentId: number) => api.bytes(`/tournament/${tournamentId}/bracket`);

export async function getTournamentBracket(tournamentId: number, knownEtag: string | null = null): Promise<TournamentBracket | null> {
  const path = `/tournament/${tournamentId}/bracket`;
  const { data, etag } = await api.bytes(path);
  if (etag !== null && etag === knownEtag) return null;
  const parsed = typeof Worker !== 'undefined' && data.byteLength >= WORKER_MIN_BYTES ? await parseInWorker(data) : parseHere(data);
  if (!parsed.bracket) throw unexpected(path, parsed.problem);
  measureBracket(BRACKET_TIMING.parse, parsed.start, parsed.ms);
  markBracket(BRACKET_TIMING.data);
  return { etag, bracket: parsed.bracket };
}
