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
}

type Listener = () => void;

/**
 * The one HTTP client. It sends credentials, validates responses against the contract, refreshes the session on
 * 401 (up to 3 times, then reports `signedOut`) and fetches a CSRF token on 419 (up to 3 times). It never shows UI.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  let origin = options.origin ?? '';
  const createRaw = (fetchImpl?: typeof globalThis.fetch) =>
    ofetch.create({ baseURL: `${origin}/v1`, credentials: 'include', retry: 0, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  let raw = createRaw(options.fetch);
  let csrfToken: string | null = null;
  const listeners = { signedOut: new Set<Listener>(), banned: new Set<Listener>() };
  const emit = (kind: keyof typeof listeners) => listeners[kind].forEach((fn) => fn());

  async function send(path: string, opts: RequestOptions): Promise<unknown> {
    const method = opts.method ?? 'GET';
    const headers: Record<string, string> = {};
    if (method !== 'GET' && csrfToken) headers['x-csrf-token'] = csrfToken;
    const query = opts.query
      ? Object.fromEntries(Object.entries(opts.query).filter(([, v]) => v !== undefined && v !== null && v !== ''))
      : undefined;
    const fetchOptions: FetchOptions<'json'> = { method, headers, query, body: opts.body as FetchOptions['body'] };
    return raw(path, fetchOptions);
  }

  async function fetchCsrf(): Promise<void> {
    const body = (await raw('/auth/csrf')) as { token?: unknown };
    csrfToken = typeof body?.token === 'string' ? body.token : null;
  }

  /** POST /auth/refresh, with its own CSRF retries; failure is reported to the caller's retry loop. */
  async function refreshSession(): Promise<boolean> {
    try {
      await withCsrf('/auth/refresh', { method: 'POST' });
      return true;
    } catch {
      return false;
    }
  }

  async function withCsrf(path: string, opts: RequestOptions): Promise<unknown> {
    for (let csrfTries = 0; ; csrfTries++) {
      try {
        return await send(path, opts);
      } catch (err) {
        if (statusOf(err) === 419 && csrfTries < MAX_AUTH_RETRIES) {
          await fetchCsrf().catch(() => undefined);
          continue;
        }
        throw err;
      }
    }
  }

  async function request(path: string, opts: RequestOptions = {}): Promise<unknown> {
    const isAuthCall = path.startsWith('/auth/');
    for (let authTries = 0; ; authTries++) {
      try {
        return await withCsrf(path, opts);
      } catch (err) {
        const status = statusOf(err);
        if (status === 401 && !isAuthCall) {
          if (authTries < MAX_AUTH_RETRIES) {
            await refreshSession();
            continue;
          }
          emit('signedOut');
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
      raw = createRaw(next.fetch);
      csrfToken = null;
    },
    /** Calls `/v1{path}` and validates the response with `struct` (the contract). */
    async call<T, S>(path: string, struct: Struct<T, S>, opts: RequestOptions = {}): Promise<T> {
      const data = await request(path, opts);
      const [error, value] = validate(data, struct, { coerce: true });
      if (error) {
        console.error(`Unexpected response from ${path}`, error.failures()[0]);
        throw new ApiError(0, 'The server sent an unexpected response', data);
      }
      return value as T;
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
  if (err instanceof ApiError) return err.serverMessage ?? (err.status === 0 && err.message !== ERRORS.unknown ? err.message : ERRORS.unknown);
  return ERRORS.unknown;
}
