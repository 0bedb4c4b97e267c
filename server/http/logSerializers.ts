/**
 * The logger's error serializer: a failed query's error carries its bound parameters (payment client secrets, payer
 * emails, tokens) as `params` and in its message ("Failed query: … params: …"). Logs keep the query, never the values.
 */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
  code?: unknown;
  query?: string;
  cause?: LoggedError;
}

const PARAMS = /params: [\s\S]*?(?=\n {4}at |$)/g;
const redact = (text: string | undefined) => text?.replace(PARAMS, 'params: [redacted]');

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: redact(String(err)) ?? '', stack: '' };
  const e = err as Error & { code?: unknown; query?: unknown };
  const out: LoggedError = { type: e.constructor?.name ?? 'Error', message: redact(e.message) ?? '', stack: redact(e.stack) ?? '' };
  if (e.code !== undefined) out.code = e.code;
  if (typeof e.query === 'string') out.query = e.query;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

export const logSerializers = { err: serializeError };
