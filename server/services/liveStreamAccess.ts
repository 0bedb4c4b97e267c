import { and, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { seasons, sessions, users } from '../db/schema';
import { STAFF } from '../auth/plugin';

/*
 * Live streams follow the access they were opened with (issue 26). A stream is authorized once, when it opens; the
 * sign-in, role and season visibility it was opened under may change while it stays open. Migration 0007 publishes
 * a notice (access:user, access:season) on every committed change that can take a stream away, the live hub hands
 * it here in commit order, before any later match event, and every stream the change took away ends: the next
 * reconnect is authorized again (and refused) like any new request.
 *
 * A stream is kept when opening it now would still be allowed: its sign-in (if it had one) is not revoked and its
 * user is not banned; the staff queue needs a staff role; a division stream needs its season to exist and be
 * published, or its viewer to be staff. Guests' tournament streams depend on nothing here and are not tracked.
 */

export interface StreamGrant {
  /** The sign-in the stream was opened under (user and session family); null for a guest. */
  session: { userId: number; family: string } | null;
  /** The staff queue: only while the user is staff. */
  staffOnly: boolean;
  /** A division stream: the season whose visibility it follows. */
  seasonId: number | null;
  /** Ends the stream (called at most once per grant). */
  end: () => void;
}

export type AccessKind = 'user' | 'season';

export interface LiveStreamAccess {
  /** Tracks an open stream; answers the function that stops tracking it (when the stream ends by itself). */
  register(grant: StreamGrant): () => void;
  /** A change of these users' or seasons' access (null ids: anything may have changed, e.g. notices were lost). */
  changed(kind: AccessKind | null, ids: readonly number[] | null): Promise<void>;
  /** Streams tracked now (tests). */
  readonly tracked: number;
}

export function createLiveStreamAccess(db: Db): LiveStreamAccess {
  const grants = new Set<StreamGrant>();

  /** Ends every grant of `which` that the database no longer allows: three batched reads, whatever the count. */
  const verify = async (which: StreamGrant[]) => {
    if (which.length === 0) return;
    const families = [...new Set(which.flatMap((g) => (g.session ? [g.session.family] : [])))];
    const userIds = [...new Set(which.flatMap((g) => (g.session ? [g.session.userId] : [])))];
    const seasonIds = [...new Set(which.flatMap((g) => (g.seasonId === null ? [] : [g.seasonId])))];
    const [liveSessions, userRows, seasonRows] = await Promise.all([
      families.length === 0
        ? []
        : db
            .select({ family: sessions.family, userId: sessions.userId })
            .from(sessions)
            .where(and(inArray(sessions.family, families), isNull(sessions.revokedAt))),
      userIds.length === 0 ? [] : db.select({ id: users.id, role: users.role, banned: users.banned }).from(users).where(inArray(users.id, userIds)),
      seasonIds.length === 0 ? [] : db.select({ id: seasons.id, published: seasons.published }).from(seasons).where(inArray(seasons.id, seasonIds)),
    ]);
    const live = new Set(liveSessions.map((s) => `${s.userId}:${s.family}`));
    const userOf = new Map(userRows.map((u) => [u.id, u]));
    const published = new Map(seasonRows.map((s) => [s.id, s.published]));
    for (const grant of which) {
      const user = grant.session ? userOf.get(grant.session.userId) : undefined;
      const signedIn = grant.session === null || (!!user && !user.banned && live.has(`${grant.session.userId}:${grant.session.family}`));
      const staff = !!user && STAFF.includes(user.role);
      const seasonVisible = grant.seasonId === null || published.get(grant.seasonId) === true || (published.has(grant.seasonId) && staff);
      if (signedIn && (!grant.staffOnly || staff) && seasonVisible) continue;
      if (!grants.delete(grant)) continue;
      grant.end();
    }
  };

  /** Verification runs one at a time, in the order changes arrived. */
  let chain = Promise.resolve();
  const enqueue = (which: () => StreamGrant[]) => {
    chain = chain.then(() => verify(which())).catch((err) => console.warn('Live stream access check failed', err));
    return chain;
  };

  return {
    register(grant) {
      if (grant.session === null && grant.seasonId === null) return () => {};
      grants.add(grant);
      // A change committed between the open's own checks and now was announced before this grant was tracked.
      void enqueue(() => (grants.has(grant) ? [grant] : []));
      return () => grants.delete(grant);
    },

    changed(kind, ids) {
      const wanted = ids === null ? null : new Set(ids);
      return enqueue(() =>
        [...grants].filter((g) => {
          if (kind === null || wanted === null) return true;
          if (kind === 'user') return g.session !== null && wanted.has(g.session.userId);
          return g.seasonId !== null && wanted.has(g.seasonId);
        }),
      );
    },

    get tracked() {
      return grants.size;
    },
  };
}
