import { nullable, string, type, type Infer, array } from 'superstruct';
import { Id, Millis } from './common';

/** A post of the home page's social feed. */
export const SocialPost = type({
  id: Id,
  author: string(),
  handle: string(),
  text: string(),
  url: nullable(string()),
  imageUrl: nullable(string()),
  postedAt: Millis,
});
export type SocialPost = Infer<typeof SocialPost>;
export const SocialFeed = array(SocialPost);
