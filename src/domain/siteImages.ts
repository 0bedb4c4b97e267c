import type { ImageType } from './constants';

/**
 * The six site image slots of the admin Images screen (seasons-and-admin §2, §5, §7): the upload path under
 * /v1/admin/, the label and the size hint. Server and SPA both read the paths from here.
 */
export const SITE_IMAGE_SLOTS: readonly { type: ImageType; path: string; label: string; hint: string }[] = [
  { type: 'HOME_PAGE_BANNER', path: 'homepage', label: 'Home Page Banner', hint: '1600x290' },
  { type: 'SEASON_IMAGE', path: 'season-image', label: 'Season Image', hint: '170x209' },
  { type: 'TOURNAMENT_IMAGE', path: 'tournament-image', label: 'Tournament Image', hint: '' },
  { type: 'LEAGUE_INFO_IMAGE', path: 'league-info-image', label: 'League Info Image', hint: '800x163' },
  { type: 'TITLE_LOGO', path: 'title-logo', label: 'Header Banner', hint: '356x27' },
  { type: 'LOGO', path: 'logo', label: 'Logo', hint: '3000x1874' },
];

/** The hint under a slot: its size (when the spec gives one) and the 5MB limit. */
export const slotHint = (hint: string) => (hint ? `Recommended size ${hint}, no larger than 5MB` : 'No larger than 5MB');
