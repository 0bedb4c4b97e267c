import type { ImageType } from '../domain/constants';

/**
 * The site's built-in artwork, shown where a site image slot is empty. The home banner's is a CSS gradient
 * (HomeBanner.module.css) and the header banner's is the CLUTCH lettering, so they have no file.
 */
export const SITE_ARTWORK: Record<ImageType, string | null> = {
  HOME_PAGE_BANNER: null,
  SEASON_IMAGE: '/season-card.svg',
  TOURNAMENT_IMAGE: '/tournament-banner.svg',
  LEAGUE_INFO_IMAGE: null,
  TITLE_LOGO: null,
  LOGO: '/favicon.svg',
};
