import type { FastifyInstance } from 'fastify';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { socialPosts } from '../db/schema';
import { defineRoute } from '../http/route';
import { SocialFeed } from '../../src/api/contract/social';
import { SOCIAL_FEED_POSTS } from '../../src/domain/constants';

export function socialRoutes(app: FastifyInstance, db: Db) {
  defineRoute(
    app,
    { method: 'GET', url: '/v1/social/feed', summary: "The home page's social feed: the newest posts", access: 'public', responses: SocialFeed },
    async () => db.select().from(socialPosts).orderBy(desc(socialPosts.postedAt)).limit(SOCIAL_FEED_POSTS),
  );
}
