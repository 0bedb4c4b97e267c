import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import { validate, type Struct } from 'superstruct';
import { MAX_AUTH_RETRIES } from '../domain/constants';
import { ERRORS } from '../domain/messages';

/** An HTTP failure with the server's message (first item when the server sent a list). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string | null,
    readonly body: unknown = null,
  ) {
    super(message ?? ERRORS.unknown);
  }
  /** The server's own message, or null when it sent none (network error, unexpected body). */
  get serverMessage(): string | null {
    const m = (this.body as { message?: unknown } | null)?.message;
    if (Array.isArray(m)) return typeof m[0] === 'string' ? m[0] : null;
    return typeof m === 'string' && m ? m : null;
  }
  get banned(): boolean {
    return this.status === 403 && (this.body as { banned?: unknown } | null)?.banned === true;
  }
}

export interface ApiClientOptions {
  /** Origin of the API host ('' = same origin as the SPA). Calls go to `${origin}/v1/...`. */
  origin?: string;
  /** Replaceable fetch (tests pass one backed by the in-process server). */
  fetch?: typeof globalThis.fetch;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export interface RequestOptions {
  method?: Method;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Answer the body's bytes and ETag instead of its parsed JSON (a large body parsed elsewhere). */
  bytes?: boolean;
}

/** A body left unparsed (`RequestOptions.bytes`), with its ETag. */
export interface RawBody {
  data: ArrayBuffer;
  etag: string | null;
}

type Listener = () => void;

/** How long a prefetched answer waits for the screen that asks for it (then it is dropped, and asked for again). */
const PREFETCH_KEEP_MS = 10_000;

/** Calls that manage the session itself: a 401 from them is an answer, not a reason to refresh. */
const SESSION_CALLS = new Set(['/auth/refresh', '/auth/logout', '/auth/csrf']);

export type RefreshOutcome = 'refreshed' | 'refused' | 'failed';

/**
 * The one HTTP client. It sends credentials, validates responses against the contract, refreshes the session on
 * 401 (up to 3 times, then reports `signedOut`) and fetches a CSRF token before the first write and on 419 (up to 3
 * times). It never shows UI.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  let origin = options.origin ?? '';
  let fetchImpl = options.fetch;
  // ofetch reads a custom fetch from its global options (the second argument), not from the request defaults.
  const createRaw = () =>
    ofetch.create({ baseURL: `${origin}/v1`, credentials: 'include', retry: 0 }, fetchImpl ? { fetch: fetchImpl } : {});
  let raw = createRaw();
  let csrfToken: string | null = null;
  const listeners = { signedOut: new Set<Listener>(), banned: new Set<Listener>() };
  const emit = (kind: keyof typeof listeners) => listeners[kind].forEach((fn) => fn());
  // Calls that fail together (a page loading several lists after the access token expired) share one refresh and
  // one token fetch; a call that failed before a refresh that has since finished simply retries.
  let refreshing: Promise<RefreshOutcome> | null = null;
  let refreshes = 0;
  let fetchingCsrf: Promise<void> | null = null;
  // GET answers asked for ahead of their screen (`prefetch`), each taken once by the first call for the same URL.
  const prefetched = new Map<string, { at: number; answer: Promise<unknown> }>();
  let prefetching = false;

  /** A GET answered from a prefetch when one is waiting, else from the network; while prefetching, kept for later. */
  function get(path: string, opts: RequestOptions): Promise<unknown> {
    const query = Object.entries(opts.query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '');
    const key = `${opts.bytes ? 'bytes ' : ''}${path}?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}`;
    if (prefetching) {
      const answer = request(path, opts);
      // Whoever takes it sees the failure; until then it is not unhandled.
      answer.catch(() => undefined);
      prefetched.set(key, { at: Date.now(), answer });
      return answer;
    }
    const waiting = prefetched.get(key);
    prefetched.delete(key);
    return waiting && Date.now() - waiting.at < PREFETCH_KEEP_MS ? waiting.answer : request(path, opts);
  }

  function send(path: string, opts: RequestOptions, token: string | null): Promise<unknown> {
    const method = opts.method ?? 'GET';
    const headers: Record<string, string> = {};
    if (method !== 'GET' && token) headers['x-csrf-token'] = token;
    const query = opts.query
      ? Object.fromEntries(Object.entries(opts.query).filter(([, v]) => v !== undefined && v !== null && v !== ''))
      : undefined;
    const fetchOptions: FetchOptions<'json'> = { method, headers, query, body: opts.body as FetchOptions['body'] };
    if (opts.bytes) {
      return raw
        .raw<ArrayBuffer, 'arrayBuffer'>(path, { ...fetchOptions, responseType: 'arrayBuffer' } as FetchOptions<'arrayBuffer'>)
        .then((res): RawBody => ({ data: res._data ?? new ArrayBuffer(0), etag: res.headers.get('etag') }));
    }
    return raw(path, fetchOptions);
  }

  function fetchCsrf(): Promise<void> {
    fetchingCsrf ??= (async () => {
      try {
        const body = (await raw('/auth/csrf')) as { token?: unknown };
        csrfToken = typeof body?.token === 'string' ? body.token : null;
      } catch {
        // The retry answers 419 again and the caller gives up after 3 tries.
      } finally {
        fetchingCsrf = null;
      }
    })();
    return fetchingCsrf;
  }

  async function withCsrf(path: string, opts: RequestOptions): Promise<unknown> {
    // A write goes out with a token: fetched first when the page has none yet (the session boot usually brought
    // one), so the first write of a page is not answered 419.
    if ((opts.method ?? 'GET') !== 'GET' && csrfToken === null) await fetchCsrf();
    for (let csrfTries = 0; ; csrfTries++) {
      const token = csrfToken;
      try {
        return await send(path, opts, token);
      } catch (err) {
        if (statusOf(err) === 419 && csrfTries < MAX_AUTH_RETRIES) {
          // Another call may already have fetched a fresh token while this one was in flight.
          if (csrfToken === token) await fetchCsrf();
          continue;
        }
        throw err;
      }
    }
  }

  /** POST /auth/refresh (with its own CSRF retries). 'refused' means the server ended the sign-in. */
  function refreshSession(seen: number): Promise<RefreshOutcome> {
    if (refreshes !== seen) return Promise.resolve('refreshed');
    refreshing ??= withCsrf('/auth/refresh', { method: 'POST' })
      .then(
        () => {
          refreshes++;
          return 'refreshed' as const;
        },
        (err) => (statusOf(err) === 401 ? ('refused' as const) : ('failed' as const)),
      )
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function request(path: string, opts: RequestOptions = {}): Promise<unknown> {
    const refreshable = !SESSION_CALLS.has(path);
    let reportedSignOut = false;
    const signedOut = () => {
      if (!reportedSignOut) emit('signedOut');
      reportedSignOut = true;
    };
    for (let authTries = 0; ; authTries++) {
      const seen = refreshes;
      try {
        return await withCsrf(path, opts);
      } catch (err) {
        if (statusOf(err) === 401 && refreshable) {
          // After a refused refresh the retry went out as a guest: a second 401 means the call needs a user.
          if (authTries < MAX_AUTH_RETRIES && !reportedSignOut) {
            const outcome = await refreshSession(seen);
            // The sign-in is over (expired or revoked): say so now; the retry still serves public data as a guest.
            if (outcome === 'refused') signedOut();
            continue;
          }
          signedOut();
        }
        const apiError = toApiError(err);
        if (apiError.banned) emit('banned');
        throw apiError;
      }
    }
  }

  return {
    get origin() {
      return origin;
    },
    /** Points the client elsewhere (tests use an in-process server). Forgets the CSRF token. */
    configure(next: ApiClientOptions) {
      origin = next.origin ?? origin;
      fetchImpl = next.fetch;
      raw = createRaw();
      csrfToken = null;
    },
    /** Takes the CSRF token another answer carried (GET /v1/auth/session), so no write waits for GET /v1/auth/csrf. */
    useCsrfToken(token: string) {
      csrfToken = token;
    },
    /**
     * Refreshes the sign-in now (POST /auth/refresh), sharing one refresh with calls that got a 401 meanwhile:
     * 'refused' means the server ended the sign-in, 'failed' that it could not be asked.
     */
    refresh(): Promise<RefreshOutcome> {
      return refreshSession(refreshes);
    },
    /**
     * Runs `reads` (endpoint calls) as prefetches: their GETs leave now and their answers wait for the screen's own
     * calls to the same URLs (taken once, within 10 s), so a screen's data loads beside its code instead of after it.
     */
    prefetch(reads: () => Promise<unknown>[]) {
      prefetching = true;
      try {
        // Nobody awaits these: a failure is the screen's to report when it takes the answer.
        for (const read of reads()) read.catch(() => undefined);
      } finally {
        prefetching = false;
      }
    },
    /** Calls `/v1{path}` and validates the response with `struct` (the contract). */
    async call<T, S>(path: string, struct: Struct<T, S>, opts: RequestOptions = {}): Promise<T> {
      const data = await ((opts.method ?? 'GET') === 'GET' ? get(path, opts) : request(path, opts));
      const [error, value] = validate(data, struct, { coerce: true });
      if (error) throw unexpected(path, error.failures()[0], data);
      return value as T;
    },
    /** Calls `/v1{path}` (GET) for its body unparsed and its ETag: the caller parses and validates it. */
    async bytes(path: string): Promise<RawBody> {
      return (await get(path, { bytes: true })) as RawBody;
    },
    /** For calls whose body we do not read (logout, deletes that answer nothing useful). */
    async send(path: string, opts: RequestOptions = {}): Promise<void> {
      await request(path, opts);
    },
    /** Absolute URL of a browser navigation to the API (sign-in redirect). */
    url: (path: string) => `${origin}/v1${path}`,
    on(kind: keyof typeof listeners, fn: Listener): () => void {
      listeners[kind].add(fn);
      return () => listeners[kind].delete(fn);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The error of an answer that is not what the contract says (logged with why). */
export function unexpected(path: string, ...why: unknown[]): ApiError {
  console.error(`Unexpected response from ${path}`, ...why);
  // No server message to show: the shared handler falls back to the unknown-error text.
  return new ApiError(0, 'The server sent an unexpected response');
}

function statusOf(err: unknown): number | undefined {
  return err instanceof FetchError ? err.response?.status ?? err.statusCode : undefined;
}

function toApiError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof FetchError) {
    const body = err.data ?? null;
    const probe = new ApiError(err.response?.status ?? 0, null, body);
    return new ApiError(probe.status, probe.serverMessage, body);
  }
  return new ApiError(0, null, null);
}

const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};
/** The SPA's client: same origin unless VITE_API_ORIGIN points at another /v1 host. */
export const api = createApiClient({ origin: env.VITE_API_ORIGIN ?? '' });

/** The shared handler's wording for any failure: the server's message, else the unknown-error text. */
export function errorMessage(err: unknown): string {
  return (err instanceof ApiError && err.serverMessage) || ERRORS.unknown;
}
