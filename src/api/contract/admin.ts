import { enums, min, number, object, size, string, type, type Infer, nullable, integer } from 'superstruct';
import { IMAGE_TYPES } from '../../domain/constants';
import { Id, NonBlank } from './common';

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

/** POST /v1/admin/player-card (the image follows with PATCH .../image). */
export const PlayerCardBody = object({
  name: size(NonBlank, 1, 80),
  rank: min(number(), 0),
  twitterHandle: size(NonBlank, 1, 80),
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
