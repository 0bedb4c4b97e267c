import { array, nullable, string, type } from 'superstruct';
import { api } from '../client';
import { User, type OwnProfilePatch } from '../contract/user';
import { Tournament, UserTournaments } from '../contract/tournament';

/** POST /v1/auth/discord/{id}: re-reads a user's Discord picture after it failed to load. */
export const refreshPicture = (userId: number) =>
  api.call(`/auth/discord/${userId}`, type({ picture: nullable(string()) }), { method: 'POST' });

/** GET /v1/user/{id}: a player's public profile. */
export const getUser = (id: number) => api.call(`/user/${id}`, User);

/** PATCH /v1/user: the signed-in player's own profile (Activision ID only while unset); answers the updated user. */
export const updateOwnProfile = (body: OwnProfilePatch) => api.call('/user', User, { method: 'PATCH', body });

/**
 * A player's past tournaments: GET /v1/tournament/user/{id}/past for a signed-in viewer (with their joined state),
 * GET …/public for guests.
 */
export const getPastTournaments = (userId: number, signedIn: boolean) =>
  signedIn
    ? api.call(`/tournament/user/${userId}/past`, array(Tournament))
    : api.call(`/tournament/user/${userId}/public`, UserTournaments).then((t) => t.past);
