import type { FastifyInstance } from 'fastify';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { socialPosts } from '../db/schema';
import { SOCIAL_FEED_POSTS } from '../../src/domain/constants';

export function socialRoutes(app: FastifyInstance, db: Db) {
  /** The home page's social feed: the newest posts. */
  app.get('/v1/social/feed', async () =>
    db.select().from(socialPosts).orderBy(desc(socialPosts.postedAt)).limit(SOCIAL_FEED_POSTS),
  );
}
