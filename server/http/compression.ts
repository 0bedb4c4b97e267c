import type { FastifyInstance, FastifyReply } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

/** JSON answers below this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Whether an Accept-Encoding header accepts `coding` (listed, and not with q=0). */
export function acceptsEncoding(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  return (
    !!header &&
    header.split(',').some((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      return name.trim() === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    })
  );
}

/** Adds accept-encoding to Vary, keeping what a route put there. */
export function varyOnEncoding(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding|\*/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}

/**
 * JSON answers of 1 KB and more are compressed per request when the client accepts it: brotli at quality 4 (about
 * gzip's speed, smaller) or gzip level 6, on zlib's thread pool. An answer that already carries a Content-Encoding
 * (the bracket reads send a body gzipped once per version, server/routes/matches.ts) is left as it is; streams
 * (live events, images) are never touched. The built SPA is compressed at build time instead (vite.config.ts).
 */
export function installCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'HEAD' || reply.statusCode < 200 || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding') || !/\bjson\b/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES) return payload;
    const accepted = request.headers['accept-encoding'];
    varyOnEncoding(reply);
    const coding = acceptsEncoding(accepted, 'br') ? 'br' : acceptsEncoding(accepted, 'gzip') ? 'gzip' : null;
    if (!coding) return payload;
    const body =
      coding === 'br'
        ? await brotli(payload, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: size } })
        : await gz(payload, { level: 6 });
    reply.header('content-encoding', coding);
    reply.removeHeader('content-length');
    return body;
  });
}
