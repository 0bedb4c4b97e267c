import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config';
import { apiPath } from './apiRoute';

/** Browser features the SPA never uses are switched off; Stripe's frame may ask for the Payment Request API. */
export const PERMISSIONS_POLICY =
  'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), usb=(), ' +
  'interest-cohort=(), payment=(self "https://js.stripe.com")';

/** Sent only over https (a browser ignores it over http, and pinning http://localhost to https breaks development). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** For the small HTML pages the server writes itself (local sign-in): no framing, no plugins, no <base> rewrite. */
export const PAGE_CSP_BASE = "frame-ancestors 'none'; object-src 'none'; base-uri 'none'";

/** The site's CSP (helmet adds its defaults, `frame-ancestors 'self'` among them: other origins may not frame a page). */
function cspDirectives(config: Config) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https://cdn.discordapp.com', 'https://media.discordapp.net'],
    connectSrc: ["'self'", 'https://api.stripe.com', ...config.corsOrigins],
    frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    fontSrc: ["'self'", 'data:'],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * Helmet's options for the embeddable bracket's page (/embed/…, the route's `helmet` option): the same CSP, except
 * that `frame-ancestors` lists EMBED_FRAME_ANCESTORS (default any site), and no X-Frame-Options (it cannot name
 * several origins, and a browser obeys the stricter of the two).
 */
export function embedSecurityHeaders(config: Config) {
  return {
    contentSecurityPolicy: { directives: { ...cspDirectives(config), frameAncestors: config.embedFrameAncestors } },
    xFrameOptions: false as const,
  };
}

/**
 * Helmet's headers with our CSP (images only from us and Discord's CDN), Permissions-Policy, HSTS over https only,
 * and `Cache-Control: private, no-store` on /v1 answers that did not choose their own caching (they may depend on
 * who is signed in, so no shared cache may keep them).
 */
export async function installSecurityHeaders(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (apiPath(request) !== null && !reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
    return payload;
  });
}
