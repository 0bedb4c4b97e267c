import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { sessions } from '../db/schema';
import { hashToken, randomToken, signAccessToken } from './tokens';
import type { Config } from '../config';
import { DAY_MS } from '../../src/domain/durations';

export interface IssuedSession {
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: number;
}

/** How long a just-rotated refresh token still works, so two tabs refreshing at once don't sign the user out. */
const ROTATION_GRACE_MS = 30_000;

function issue(config: Config, userId: number, family: string) {
  const now = config.now();
  const refreshToken = randomToken();
  const refreshExpiresAt = now + config.refreshTokenTtlDays * DAY_MS;
  const accessToken = signAccessToken(config.sessionSecret, {
    uid: userId,
    fam: family,
    exp: now + config.accessTokenTtlSeconds * 1000,
  });
  return { accessToken, refreshToken, refreshExpiresAt };
}

export async function startSession(db: Db, config: Config, userId: number): Promise<IssuedSession> {
  const family = randomToken(16);
  const issued = issue(config, userId, family);
  await db.insert(sessions).values({
    userId,
    family,
    tokenHash: hashToken(issued.refreshToken),
    expiresAt: issued.refreshExpiresAt,
  });
  return issued;
}

export type RotateResult = { ok: true; userId: number; session: IssuedSession } | { ok: false };

/**
 * Rotates a refresh token: the old one is marked rotated and a new one issued in the same family.
 * Presenting a token rotated longer ago than the grace period means it was stolen: the family is revoked.
 */
export async function rotateSession(db: Db, config: Config, refreshToken: string): Promise<RotateResult> {
  const now = config.now();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(refreshToken)))
      .for('update');
    if (!row || row.revokedAt || row.expiresAt <= now) return { ok: false } as const;
    if (row.rotatedAt && now - row.rotatedAt > ROTATION_GRACE_MS) {
      await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.family, row.family));
      return { ok: false } as const;
    }
    const issued = issue(config, row.userId, row.family);
    await tx.update(sessions).set({ rotatedAt: row.rotatedAt ?? now }).where(eq(sessions.id, row.id));
    await tx.insert(sessions).values({
      userId: row.userId,
      family: row.family,
      tokenHash: hashToken(issued.refreshToken),
      expiresAt: issued.refreshExpiresAt,
    });
    return { ok: true, userId: row.userId, session: issued } as const;
  });
}

export async function revokeByRefreshToken(db: Db, config: Config, refreshToken: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(refreshToken)));
  if (row) await revokeFamily(db, config, row.family);
}

/** Ends one sign-in (a family of rotated refresh tokens): its access tokens stop working at once. */
export async function revokeFamily(db: Db, config: Config, family: string) {
  await db
    .update(sessions)
    .set({ revokedAt: config.now() })
    .where(and(eq(sessions.family, family), isNull(sessions.revokedAt)));
}

/** Signs a user out everywhere (used when banning). */
export async function revokeAllForUser(db: Db | Tx, config: Config, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: config.now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
