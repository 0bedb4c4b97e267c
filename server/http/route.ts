import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Struct } from 'superstruct';
import { requireRole, requireUser, type AuthUser } from '../auth/plugin';
import type { CachedRead } from '../services/publicReadCache';
import { parse } from './validate';
import type { Input } from './input';

/*
 * One declaration per /v1 route: who may call it, its path parameters, query, body and answers, each a contract
 * struct (src/api/contract). `defineRoute` checks the caller, parses the input with those structs (400 `{ message }`
 * naming the field) and hands the handler typed values; the same declaration is the route's entry in the OpenAPI
 * document (server/http/openapi.ts), so the documentation cannot drift from what the route accepts.
 */

// A struct of any value and schema: declarations mix every kind of contract struct.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Schema = any;
type AnyStruct = Struct<Schema, Schema>;

/**
 * Who gets past the route's role check: everyone (guests included), any signed-in user, or staff (ADMIN and OWNER).
 * `owner` is OWNER alone. `auth` is the /v1/auth routes: everyone, and a banned session reads as no session there. Rules about the resource
 * itself (the team's captain, a member) are the service's and are described by `who`.
 */
export type Access = 'public' | 'auth' | 'user' | 'staff' | 'owner';

export { input, type Input } from './input';

/** A body the route reads itself (an upload, a signed webhook): its media type and what it holds. */
export interface RawBody {
  raw: true;
  contentType: string;
  description: string;
}

/** A multipart image upload (one part named `file`); the handler reads it (server/storage/images.ts). */
export const UPLOAD: RawBody = { raw: true, contentType: 'multipart/form-data', description: 'The image: one file part named "file" (PNG, JPEG, WebP or GIF)' };

/** An answer that is not JSON: its media type and what it is. */
export interface OtherAnswer {
  contentType: string;
  description: string;
}

/** One answer: a contract struct (JSON), `null` (no body: 204, 304) or another media type. */
export type Answer = AnyStruct | null | OtherAnswer;

type Spec<S> = S extends Struct<infer T, Schema> ? T : S extends Input<infer T> ? T : undefined;
type InputSpec = AnyStruct | Input<Schema>;

export interface RouteDeclaration<P extends InputSpec | undefined, Q extends InputSpec | undefined, B extends InputSpec | RawBody | undefined, A extends Access> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** One line for the reference's list. */
  summary: string;
  /** More: the rules a caller meets. */
  description?: string;
  access: A;
  /** Who else the service lets through or refuses, in words ("the team's captain", "staff or the team's captain"). */
  who?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The answers by status. A struct alone is the 200 answer. */
  responses: Answer | Record<number, Answer>;
  /** Error statuses besides the ones the declaration implies (400 for input, 401/403 for access, 404 for ids). */
  errors?: Record<number, string>;
  /** Served through the public read cache (server/services/publicReadCache.ts). */
  cache?: CachedRead;
  /** Fastify route options (route config: csrf, rate limit). */
  options?: Pick<RouteShorthandOptions, 'config'>;
}

export type RouteDoc = RouteDeclaration<InputSpec | undefined, InputSpec | undefined, InputSpec | RawBody | undefined, Access>;

export interface RouteContext<P, Q, B, A extends Access> {
  request: FastifyRequest;
  reply: FastifyReply;
  user: A extends 'user' | 'staff' | 'owner' ? AuthUser : AuthUser | null;
  params: P;
  query: Q;
  body: B;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's declaration (set by defineRoute), read back for the OpenAPI document. */
    api?: RouteDoc;
  }
}

/** A declaration's struct and wording (a bare struct has neither messages nor a step before it). */
export const asInput = (spec: InputSpec): Input<unknown> =>
  'validator' in spec ? { struct: spec as Struct<unknown, Schema> } : (spec as Input<unknown>);

/** Parses one part of the request with its declaration. */
export function parseInput(spec: InputSpec | undefined, raw: unknown): unknown {
  if (!spec) return undefined;
  const { struct, messages, prepare, check } = asInput(spec);
  const record = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const prepared = prepare ? prepare(record) : raw;
  const value = parse(struct, prepared ?? {}, typeof messages === 'function' ? messages(record) : messages);
  check?.(value);
  return value;
}

/** The declared answers by status. */
export function answersOf(doc: Pick<RouteDoc, 'responses'>): Record<number, Answer> {
  const { responses } = doc;
  if (responses === null) return { 204: null };
  if (typeof responses === 'object' && !('validator' in responses) && !('contentType' in responses)) return responses as Record<number, Answer>;
  return { 200: responses as Answer };
}

function checkAccess(request: FastifyRequest, access: Access): AuthUser | null {
  if (access === 'user') return requireUser(request);
  if (access === 'staff') return requireRole(request);
  if (access === 'owner') return requireRole(request, ['OWNER']);
  return request.user ?? null;
}

/** Registers a /v1 route from its declaration: role check, then params, query and body, then the handler. */
export function defineRoute<
  P extends InputSpec | undefined = undefined,
  Q extends InputSpec | undefined = undefined,
  B extends InputSpec | RawBody | undefined = undefined,
  A extends Access = Access,
>(
  app: FastifyInstance,
  declaration: RouteDeclaration<P, Q, B, A>,
  handler: (context: RouteContext<Spec<P>, Spec<Q>, Spec<B>, A>) => Promise<unknown> | unknown,
): void {
  const doc = declaration as unknown as RouteDoc;
  const statuses = Object.keys(answersOf(doc)).map(Number);
  const success = statuses.filter((s) => s >= 200 && s < 300 && s !== 204).sort()[0] ?? 204;
  const answerNothing = statuses.includes(204);
  app.route({
    method: doc.method,
    url: doc.url,
    config: { ...doc.options?.config, api: doc },
    handler: async (request, reply) => {
      const user = checkAccess(request, doc.access);
      const context = {
        request,
        reply,
        user,
        params: parseInput(doc.params, request.params),
        query: parseInput(doc.query, request.query),
        body: doc.body && 'raw' in doc.body ? request.body : parseInput(doc.body, request.body),
      } as RouteContext<Spec<P>, Spec<Q>, Spec<B>, A>;
      if (doc.cache) return app.publicReads.send(request, reply, doc.cache, async () => handler(context));
      const result = await handler(context);
      if (reply.sent) return reply;
      if (result === undefined && answerNothing) return reply.code(204).send();
      if (success !== 200) reply.code(success);
      return result;
    },
  });
}
