import { api, ApiError } from '../client';
import { SessionState, UserInfo } from '../contract/user';
import { SERVER } from '../../domain/messages';

/** GET /v1/user/userinfo: the signed-in user. */
export const getUserInfo = (): Promise<UserInfo> => api.call('/user/userinfo', UserInfo);

/**
 * Who is signed in, as a page load asks it: GET /v1/auth/session (200 for a guest too, and it brings the CSRF token),
 * then, only when the access token has expired but a refresh cookie is left, a refresh and the user.
 * Resolves null for a guest (or a sign-in the server refused to refresh); rejects with the banned 403 for a banned
 * account, and with the failure when the server could not be asked.
 */
export async function readSession(): Promise<UserInfo | null> {
  const session = await api.call('/auth/session', SessionState);
  api.useCsrfToken(session.csrfToken);
  if (session.banned) throw new ApiError(403, SERVER.banned, { message: SERVER.banned, banned: true });
  if (session.user || !session.refresh) return session.user;
  const outcome = await api.refresh();
  if (outcome === 'refused') return null;
  if (outcome === 'failed') throw new ApiError(0, null);
  return getUserInfo();
}

/** POST /v1/auth/logout (failures are only logged by the caller). */
export const logout = (): Promise<void> => api.send('/auth/logout', { method: 'POST' });

/** Where the browser goes to sign in (Discord, or the local sign-in page). */
export const signInUrl = () => api.url('/auth/discord');

/** Where the admin portal's "Invite the Discord bot" goes: the server redirects to Discord's bot authorization. */
export const botInviteUrl = () => api.url('/auth/discord/bot');
