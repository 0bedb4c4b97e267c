/**
 * The logger's error serializer: a failed query's error carries its bound parameters (payment client secrets, payer
 * emails, tokens) as `params` and in its message ("Failed query: … params: …"), and the database's own error may quote
 * one. Logs keep the query and the SQLSTATE, never the values.
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
/** PostgreSQL quotes the offending value in some messages (invalid input syntax for type integer: "…"). */
const QUOTED = /"(?:[^"\\]|\\.)*"/g;
const SQLSTATE = /^[0-9A-Z]{5}$/;

export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err).replace(PARAMS, 'params: [redacted]'), stack: '' };
  const e = err as Error & { code?: unknown; query?: unknown };
  const fromDatabase = typeof e.code === 'string' && SQLSTATE.test(e.code);
  const redact = (text: string | undefined) => {
    const out = text?.replace(PARAMS, 'params: [redacted]');
    return fromDatabase ? out?.replace(QUOTED, '"[redacted]"') : out;
  };
  const out: LoggedError = { type: e.constructor?.name ?? 'Error', message: redact(e.message) ?? '', stack: redact(e.stack) ?? '' };
  if (e.code !== undefined) out.code = e.code;
  if (typeof e.query === 'string') out.query = e.query;
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1);
  return out;
}

export const logSerializers = { err: serializeError };
