import type { FastifyInstance } from 'fastify';
import { isCleanText } from '../../src/api/contract/common';
import { badRequest } from './errors';
import { apiPath } from './apiRoute';

/** Deepest nesting of arrays and objects a /v1 body may have (the deepest contract body nests 4 levels). */
export const MAX_DEPTH = 16;

/**
 * Why a value cannot be accepted whatever the route (a NUL byte or a lone surrogate in a string, nesting deeper than
 * MAX_DEPTH), or null. Iterative, so a hostile 5,000-level body cannot overflow the stack.
 */
export function hostileInputProblem(value: unknown): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isCleanText(v)) return 'Text may not contain NUL characters or invalid Unicode';
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      if (depth >= MAX_DEPTH) return `The request is nested too deeply (${MAX_DEPTH} levels at most)`;
      for (const [key, child] of Object.entries(v)) {
        if (!isCleanText(key)) return 'Text may not contain NUL characters or invalid Unicode';
        stack.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * Refuses, before any route validates or queries, the input no route can accept: the query string, the path
 * parameters and the JSON body of every /v1 call are checked (multipart uploads are read by their route).
 */
export function installInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (apiPath(request) === null) return;
    const problem =
      hostileInputProblem(request.query) ?? hostileInputProblem(request.params) ?? hostileInputProblem(request.body);
    if (problem) throw badRequest(problem);
  });
}
