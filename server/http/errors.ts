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

/** Maps every thrown error to `{ message }` with its status; unexpected errors are logged and answered 500. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.status).send({ message: error.message, ...error.extra });
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
