import { nullable } from 'superstruct';
import { api } from '../client';
import { Tournament } from '../contract/tournament';
import { SocialFeed } from '../contract/social';

/** GET /v1/tournament/featured (the viewer comes from the session cookie). */
export const getFeaturedTournament = () => api.call('/tournament/featured', nullable(Tournament));

/** GET /v1/social/feed: the 3 newest posts. */
export const getSocialFeed = () => api.call('/social/feed', SocialFeed);
