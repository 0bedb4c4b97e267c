import { ApiError } from '../api/client';

/** A route parameter that must be a positive integer id; null otherwise (the page shows not found). */
export function parseId(value: string | undefined): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/**
 * A page's load that answers null when the server does not know the thing (404), so the page shows the not-found
 * page instead of an error and a retry button that could never work.
 */
export function orNotFound<T>(load: () => Promise<T>): () => Promise<T | null> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  };
}
