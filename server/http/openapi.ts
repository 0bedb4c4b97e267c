import type { FastifyInstance } from 'fastify';
import type { Struct } from 'superstruct';
import { COOKIES } from '../auth/plugin';
import { answersOf, asInput, type Access, type Answer, type RouteDoc } from './route';
import { isOptional, toJsonSchema, type JsonSchema, type SchemaNames } from './jsonSchema';
import { ErrorBody } from '../../src/api/contract/common';
import * as admin from '../../src/api/contract/admin';
import * as announcements from '../../src/api/contract/announcements';
import * as audit from '../../src/api/contract/audit';
import * as billing from '../../src/api/contract/billing';
import * as common from '../../src/api/contract/common';
import * as season from '../../src/api/contract/season';
import * as social from '../../src/api/contract/social';
import * as switcheroo from '../../src/api/contract/switcheroo';
import * as team from '../../src/api/contract/team';
import * as tournament from '../../src/api/contract/tournament';
import * as transfer from '../../src/api/contract/transfer';
import * as user from '../../src/api/contract/user';

/*
 * The OpenAPI 3.1 document of /v1, made from the routes' own declarations (server/http/route.ts): the same contract
 * structs that parse each request and that the SPA checks each answer against. Served at GET /v1/openapi.json and
 * read by the reference page at /v1/docs.
 */

type AnyStruct = Struct<unknown, unknown>;

/** The contract modules whose exported structs become named schemas (components), referenced wherever they appear. */
const CONTRACT_MODULES = [common, admin, announcements, audit, billing, season, social, switcheroo, team, tournament, transfer, user];

/** Who may call a route, as roles: guests (no session), USER, ADMIN, OWNER. */
export const ROLES_BY_ACCESS: Record<Access, readonly string[]> = {
  public: ['guest', 'USER', 'ADMIN', 'OWNER'],
  auth: ['guest', 'USER', 'ADMIN', 'OWNER'],
  user: ['USER', 'ADMIN', 'OWNER'],
  staff: ['ADMIN', 'OWNER'],
  owner: ['OWNER'],
};

const isStruct = (value: unknown): value is AnyStruct =>
  !!value && typeof value === 'object' && 'validator' in value && 'refiner' in value && typeof (value as AnyStruct).type === 'string';

/**
 * Named structs: each exported object-like struct of the contract, found again by its schema object (kept by
 * optional(), nullable() and refinements). Only object and type structs are named: the small ones read better inline.
 */
function contractNames(): { names: SchemaNames; components: Map<string, AnyStruct> } {
  const bySchema = new Map<unknown, string>();
  const components = new Map<string, AnyStruct>();
  for (const module of CONTRACT_MODULES) {
    for (const [name, value] of Object.entries(module)) {
      if (!isStruct(value) || (value.type !== 'object' && value.type !== 'type') || !value.schema) continue;
      if (bySchema.has(value.schema) || Object.keys(value.schema as object).length === 0) continue;
      bySchema.set(value.schema, name);
      components.set(name, value);
    }
  }
  return {
    names: { nameOf: (struct) => ((struct.type === 'object' || struct.type === 'type') && struct.schema ? bySchema.get(struct.schema) : undefined) },
    components,
  };
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Generic wording of the statuses every route may answer. */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: queued',
  204: 'Done; no body',
  304: 'Not modified (If-None-Match matched the ETag)',
  400: 'Bad input: the message names the field',
  401: 'Not signed in',
  403: 'Signed in without the role this route needs, refused by the resource (not its captain), or banned',
  404: 'Not found',
  409: 'Conflict with the current state',
  429: 'Too many requests',
  502: 'Discord did not answer',
  503: 'Unavailable',
};

interface Operation {
  [key: string]: unknown;
}

function operation(doc: RouteDoc, names: SchemaNames): Operation {
  const schema = (struct: AnyStruct) => toJsonSchema(struct, names, false);
  const parameters: JsonSchema[] = [];
  for (const [where, spec] of [
    ['path', doc.params],
    ['query', doc.query],
  ] as const) {
    if (!spec) continue;
    const { struct } = asInput(spec);
    const shape = (struct.schema ?? {}) as Record<string, AnyStruct>;
    for (const [name, field] of Object.entries(shape)) {
      parameters.push({ name, in: where, required: where === 'path' || !isOptional(field), schema: toJsonSchema(field, names, false) });
    }
  }

  const roles = ROLES_BY_ACCESS[doc.access];
  const who = `**Who may call it:** ${roles.join(', ')}${doc.who ? ` (${doc.who})` : ''}.`;
  const op: Operation = {
    operationId: `${doc.method.toLowerCase()}${openApiPath(doc.url).replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    summary: doc.summary,
    description: [doc.description, who].filter(Boolean).join('\n\n'),
    tags: [doc.url.split('/')[2] ?? 'v1'],
    'x-roles': roles,
  };
  if (doc.access !== 'public' && doc.access !== 'auth') op.security = [{ session: [] }];
  if (parameters.length > 0) op.parameters = parameters;

  if (doc.body) {
    if ('raw' in doc.body) {
      const content = doc.body.contentType === 'multipart/form-data'
        ? { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } }
        : {};
      op.requestBody = { required: true, description: doc.body.description, content: { [doc.body.contentType]: { schema: content } } };
    } else {
      op.requestBody = { required: true, content: { 'application/json': { schema: schema(asInput(doc.body).struct) } } };
    }
  }

  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(answersOf(doc)) as [string, Answer][]) {
    responses[status] = response(Number(status), answer, schema);
  }
  const errors: Record<number, string> = {};
  if (doc.params || doc.query || doc.body) errors[400] = STATUS_TEXT[400];
  if (doc.access === 'user' || doc.access === 'staff' || doc.access === 'owner') errors[401] = STATUS_TEXT[401];
  // A banned session is refused everywhere outside /v1/auth.
  if (doc.access !== 'auth') errors[403] = STATUS_TEXT[403];
  if (doc.params) errors[404] = STATUS_TEXT[404];
  Object.assign(errors, doc.errors);
  for (const [status, text] of Object.entries(errors)) {
    if (responses[status]) continue;
    responses[status] = { description: text, content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } };
  }
  op.responses = responses;
  return op;
}

function response(status: number, answer: Answer, schema: (s: AnyStruct) => JsonSchema) {
  if (answer === null) return { description: STATUS_TEXT[status] ?? 'No body' };
  if ('contentType' in answer) return { description: answer.description, content: { [answer.contentType]: {} } };
  return { description: STATUS_TEXT[status] ?? 'OK', content: { 'application/json': { schema: schema(answer as AnyStruct) } } };
}

/** The OpenAPI 3.1 document of these routes. */
export function openApiDocument(routes: readonly RouteDoc[]) {
  const { names, components } = contractNames();
  const paths: Record<string, Record<string, Operation>> = {};
  for (const doc of routes) {
    const path = openApiPath(doc.url);
    (paths[path] ??= {})[doc.method.toLowerCase()] = operation(doc, names);
  }
  const schemas: Record<string, JsonSchema> = { ErrorBody: toJsonSchema(ErrorBody as AnyStruct) };
  for (const [name, struct] of components) schemas[name] = toJsonSchema(struct, names, true);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Clutch API',
      version: 'v1',
      description:
        'The /v1 API of Clutch, generated from the same superstruct contract the server parses requests with and the SPA checks answers against. ' +
        `Signed-in calls carry the session cookie; every POST, PUT, PATCH and DELETE also sends the CSRF token from GET /v1/auth/csrf (or /v1/auth/session) in the X-CSRF-Token header, with the ${COOKIES.csrf} cookie. ` +
        'Errors answer `{ "message": "..." }`.',
    },
    servers: [{ url: '/' }],
    components: {
      schemas,
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: COOKIES.access, description: 'The session cookie set by signing in with Discord' } },
    },
    paths,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every documented route's declaration (server/http/route.ts), in registration order. */
    apiRoutes: RouteDoc[];
  }
}

/**
 * Collects each route's declaration as it is registered (call before the routes): its own (defineRoute), or for a
 * route registered by hand, the one in `declared` with its method and URL.
 */
export function collectRouteDocs(app: FastifyInstance, declared: readonly RouteDoc[]) {
  const docs: RouteDoc[] = [];
  app.decorate('apiRoutes', docs);
  app.addHook('onRoute', (route) => {
    for (const method of ([] as string[]).concat(route.method)) {
      if (method === 'HEAD') continue;
      const doc = route.config?.api ?? declared.find((d) => d.method === method && d.url === route.url);
      if (doc) docs.push(doc);
    }
  });
}
