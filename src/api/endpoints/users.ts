import { nullable, string, type } from 'superstruct';
import { api } from '../client';

/** POST /v1/auth/discord/{id}: re-reads a user's Discord picture after it failed to load. */
export const refreshPicture = (userId: number) =>
  api.call(`/auth/discord/${userId}`, type({ picture: nullable(string()) }), { method: 'POST' });
