import { boolean, integer, literal, max, min, nullable, number, object, optional, size, string, type, type Infer } from 'superstruct';
import { CleanText, Count, Id, Millis, NonBlank, Role, TeamRole } from './common';

/** A player as every screen sees them. */
export const User = type({
  id: Id,
  discordName: string(),
  battleTag: nullable(string()),
  katanaRank: number(),
  wins: integer(),
  losses: integer(),
  gold: integer(),
  silver: integer(),
  bronze: integer(),
  joined: Millis,
  picture: nullable(string()),
  twitterHandle: nullable(string()),
  twitchName: nullable(string()),
  youtubeChannel: nullable(string()),
  freeAgent: boolean(),
  teamId: nullable(Id),
  teamRole: nullable(TeamRole),
  role: Role,
});
export type User = Infer<typeof User>;

/** The signed-in user (GET /v1/user/userinfo). */
export const UserInfo = type({ ...User.schema, banned: boolean() });
export type UserInfo = Infer<typeof UserInfo>;

/**
 * GET /v1/auth/session: what the browser's cookies say, answered 200 whoever asks, so a page load learns it is a
 * guest's without a failed call. `user`: who is signed in (null: nobody); `banned`: the cookies belong to a banned
 * account; `refresh`: no valid access token, but a refresh cookie that POST /v1/auth/refresh may turn into one;
 * `csrfToken`: the x-csrf-token for this browser's writes (what GET /v1/auth/csrf answers).
 */
export const SessionState = type({ user: nullable(UserInfo), banned: boolean(), refresh: boolean(), csrfToken: string() });
export type SessionState = Infer<typeof SessionState>;

/** A row of the admin users list (GET /v1/user/admin-view, POST /v1/user/ban/{id}): every user, banned ones too. */
export const AdminUserRow = type({ ...User.schema, banned: boolean() });
export type AdminUserRow = Infer<typeof AdminUserRow>;

const Handle = optional(nullable(size(CleanText, 0, 100)));

/**
 * PATCH /v1/user — a player edits their own profile. battleTag (Activision ID) may only be set while unset; an
 * empty handle clears it.
 */
export const OwnProfilePatch = object({
  battleTag: optional(size(NonBlank, 1, 64)),
  twitterHandle: Handle,
  twitchName: Handle,
  youtubeChannel: Handle,
  freeAgent: optional(boolean()),
});
export type OwnProfilePatch = Infer<typeof OwnProfilePatch>;

/** PATCH /v1/user/{id} — staff edit a player (katanaRank may be sent alone); an empty battleTag clears it. */
export const AdminUserPatch = object({
  battleTag: optional(nullable(size(CleanText, 0, 64))),
  katanaRank: optional(max(min(integer(), 0), 100000)),
  wins: optional(Count),
  losses: optional(Count),
  gold: optional(Count),
  silver: optional(Count),
  bronze: optional(Count),
});
export type AdminUserPatch = Infer<typeof AdminUserPatch>;

/** PATCH /v1/user/staff/{id}. */
export const StaffPatch = object({ role: Role });
export type StaffPatch = Infer<typeof StaffPatch>;

/** GET /v1/user/invitee-search results. */
export const Invitee = type({ id: Id, discordName: string(), picture: optional(nullable(string())) });
export type Invitee = Infer<typeof Invitee>;

/** GET /v1/auth/csrf. */
export const CsrfToken = type({ token: string() });
export type CsrfToken = Infer<typeof CsrfToken>;

export const Ok = literal(true);
