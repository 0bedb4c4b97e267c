import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swaggerUi from '@fastify/swagger-ui';
import { defineRoute } from './route';
import { openApiDocument } from './openapi';

/** Where the reference page lives; its own files (the page, its scripts and styles) are under it. */
export const API_REFERENCE_PREFIX = '/v1/docs';

/**
 * GET /v1/openapi.json (the OpenAPI 3.1 document of every route, built from the routes' declarations the first time
 * it is asked for, once every route is registered) and the reference page at /v1/docs (Swagger UI, served from the
 * package's own files: nothing is fetched from elsewhere, so it works offline).
 */
export async function installApiReference(app: FastifyInstance) {
  let built: ReturnType<typeof openApiDocument> | null = null;
  const document = () => (built ??= openApiDocument(app.apiRoutes));

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/v1/openapi.json',
      summary: 'This document: the OpenAPI 3.1 description of every /v1 route',
      access: 'public',
      responses: { contentType: 'application/json', description: 'The OpenAPI 3.1 document' },
    },
    async ({ reply }) => {
      reply.header('cache-control', 'no-cache');
      return document();
    },
  );

  // Swagger UI reads its document from `app.swagger()`, which @fastify/swagger would provide: ours is the generated one.
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('swagger', document);
      },
      { name: '@fastify/swagger' },
    ),
  );
  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_PREFIX,
    uiConfig: { deepLinking: true, validatorUrl: null, tryItOutEnabled: false },
    transformSpecification: () => document(),
    transformSpecificationClone: false,
    // The page's own scripts only (no upgrade to https on a plain-http install, no outside validator badge); Swagger UI
    // sets inline style attributes, which a style hash list would refuse.
    staticCSP: true,
    transformStaticCSP: (header: string) =>
      header
        .replace(' upgrade-insecure-requests;', '')
        .replace(' validator.swagger.io', '')
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';")
        .replace(/font-src [^;]*;/, "font-src 'self' data:;"),
  });
}
