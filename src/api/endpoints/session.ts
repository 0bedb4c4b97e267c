import { api } from '../client';
import { UserInfo } from '../contract/user';

/** GET /v1/user/userinfo: the signed-in user. */
export const getUserInfo = (): Promise<UserInfo> => api.call('/user/userinfo', UserInfo);

/** POST /v1/auth/logout (failures are only logged by the caller). */
export const logout = (): Promise<void> => api.send('/auth/logout', { method: 'POST' });

/** Where the browser goes to sign in (Discord, or the local sign-in page). */
export const signInUrl = () => api.url('/auth/discord');

/** Where the admin portal's "Invite the Discord bot" goes: the server redirects to Discord's bot authorization. */
export const botInviteUrl = () => api.url('/auth/discord/bot');
