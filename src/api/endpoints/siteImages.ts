import { array } from 'superstruct';
import { api } from '../client';
import { SiteImage } from '../contract/admin';

/** GET /v1/admin/images: the uploaded site images (an empty slot is absent). */
export const getSiteImages = () => api.call('/admin/images', array(SiteImage));

/** POST /v1/admin/{path} (multipart field `file`): homepage, season-image, tournament-image, league-info-image, title-logo, logo. */
export function uploadSiteImage(path: string, file: File) {
  const body = new FormData();
  body.append('file', file);
  return api.call(`/admin/${path}`, SiteImage, { method: 'POST', body });
}
