import type { FastifyRequest } from 'fastify';

/**
 * The /v1 path a request reached, decided on the route the router matched (`routeOptions.url`), so every spelling
 * of a path (`/%761/...`, `http://host/v1/...`, `//v1/...`) gets the same rate limit, CSRF check and session as
 * `/v1/...`. A request that matched no route falls back to its decoded path.
 */
export function apiPath(request: FastifyRequest): string | null {
  const path = request.routeOptions.url ?? decodedPath(request.url);
  return path.startsWith('/v1/') || path === '/v1' ? path : null;
}

/** Routes the rate limiter leaves alone: images are immutable and cached, health is polled by monitors. */
const UNLIMITED = ['/v1/images/', '/v1/health'];

export const isRateLimited = (request: FastifyRequest) => {
  const path = apiPath(request);
  return path !== null && !UNLIMITED.some((prefix) => path.startsWith(prefix));
};

function decodedPath(url: string): string {
  let path = url;
  try {
    path = new URL(url, 'http://localhost').pathname;
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
