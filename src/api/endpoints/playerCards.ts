import { api } from '../client';
import { PlayerCard, type PlayerCardBody } from '../contract/admin';
import { Created } from '../contract/tournament';

/** The player cards list (GET /v1/admin/player-cards?pageNo&perPage&search), for usePagedList. */
export const PLAYER_CARDS_ENDPOINT = '/admin/player-cards';

/** POST /v1/admin/player-card: the card without its picture; answers its id. */
export const createPlayerCard = (body: PlayerCardBody) => api.call('/admin/player-card', Created, { method: 'POST', body });

/** PATCH /v1/admin/player-card/{id}/image (multipart field `file`): answers the card with its picture. */
export function uploadPlayerCardImage(id: number, file: File) {
  const body = new FormData();
  body.append('file', file);
  return api.call(`/admin/player-card/${id}/image`, PlayerCard, { method: 'PATCH', body });
}

/** DELETE /v1/admin/player-card/{id}. */
export const deletePlayerCard = (id: number) => api.send(`/admin/player-card/${id}`, { method: 'DELETE' });
