import { enums, min, number, object, pattern, size, string, type, type Infer, nullable, integer } from 'superstruct';
import { IMAGE_TYPES } from '../../domain/constants';
import { Count, Id, NonBlank } from './common';

/** A Twitter (X) account name, optionally written with its leading "@". */
export const TWITTER_HANDLE = /^@?\w{1,15}$/;

export const ImageType = enums(IMAGE_TYPES);
export const SiteImage = type({ imageType: ImageType, url: string() });
export type SiteImage = Infer<typeof SiteImage>;

export const PlayerCard = type({
  id: Id,
  name: string(),
  rank: number(),
  twitterHandle: string(),
  pictureUrl: nullable(string()),
});
export type PlayerCard = Infer<typeof PlayerCard>;

/**
 * POST /v1/admin/player-card (the image follows with PATCH .../image). The Twitter handle is the account name, with or
 * without its "@": 1 to 15 letters, digits or underscores, so the card's link always names a real profile path.
 */
export const PlayerCardBody = object({
  name: size(NonBlank, 1, 80),
  rank: Count,
  twitterHandle: pattern(string(), TWITTER_HANDLE),
});
export type PlayerCardBody = Infer<typeof PlayerCardBody>;

/** PUT /v1/match/test-increase | test-decrease (Test Elo). */
export const TestEloBody = object({
  teamAScore: min(integer(), 0),
  teamBScore: min(integer(), 0),
  kr: number(),
  averageKr: number(),
});
export type TestEloBody = Infer<typeof TestEloBody>;
