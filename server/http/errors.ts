import type { FastifyError, FastifyInstance } from 'fastify';
import { SERVER } from '../../src/domain/messages';

/** An error with an honest HTTP status and a message the SPA shows as is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string = SERVER.unauthenticated) => new HttpError(401, message);
export const forbidden = (message: string = SERVER.forbidden) => new HttpError(403, message);
export const notFound = (message: string = SERVER.notFound) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

export const DATABASE_UNAVAILABLE = 'The database is not answering';

/** PostgreSQL error codes that mean "not now, try again": shutting down, starting up, too many connections, connection lost. */
const UNAVAILABLE_SQLSTATES = /^(57P0[1-3]|08\w{3}|53300)$/;
const UNAVAILABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end|Client was closed|PGlite is closed/i;

/**
 * Whether an error means the database could not be reached (down, restarting, closed, no free connection in time),
 * as opposed to a query that failed: such requests answer 503 and may be retried. Looks through drizzle's wrapping.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATES.test(code) || UNAVAILABLE_NODE_CODES.has(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** Maps every thrown error to `{ message }` with its status; unexpected errors are logged and answered 500. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).send({ message: error.message, ...error.extra });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '1').send({ message: DATABASE_UNAVAILABLE });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own 4xx: malformed JSON, body too large, unsupported media type, rate limit.
      return reply.code(status).send({ message: friendlyFastifyMessage(error as FastifyError) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'An unexpected error occurred, please try again later' });
  });
}

function friendlyFastifyMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The file is too large (5MB at most)';
    default:
      return error.message;
  }
}
