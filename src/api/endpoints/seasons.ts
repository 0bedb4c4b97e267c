import { literal, union } from 'superstruct';
import { api } from '../client';
import { PaymentSecret, RefundAnswer } from '../contract/billing';
import { DivisionDetail, Season, type DivisionSplitsBody, type JoinSeasonBody, type SeasonBody } from '../contract/season';
import type { AdminUserPatch } from '../contract/user';

/** The public seasons list (GET /v1/season?userId&pageNo; the page size comes from the answer), for usePagedList. */
export const SEASONS_ENDPOINT = '/season';
/** The admin seasons table (GET /v1/season/all-seasons?pageNo&search), for usePagedList. */
export const ADMIN_SEASONS_ENDPOINT = '/season/all-seasons';
/** The teams of a season (GET /v1/season/{id}/teams?pageNo&search, staff only), for usePagedList. */
export const seasonTeamsEndpoint = (seasonId: number) => `/season/${seasonId}/teams`;

/** GET /v1/season/{id} (the viewer's userPartOfTeam and teamMembersCount come from the session cookie). */
export const getSeason = (id: number) => api.call(`/season/${id}`, Season);
/** GET /v1/season/{id}/preview: a CLOSED season's divisions as the splits would make them (staff). */
export const getSeasonPreview = (id: number) => api.call(`/season/${id}/preview`, Season);
/** GET /v1/season/divisions/{id}: one division's groups or bracket. */
export const getDivision = (id: number) => api.call(`/season/divisions/${id}`, DivisionDetail);

/** POST /v1/season: answers the new season. */
export const createSeason = (body: SeasonBody) => api.call('/season', Season, { method: 'POST', body });
/** PATCH /v1/season/{id}: answers the season. */
export const updateSeason = (id: number, body: SeasonBody) => api.call(`/season/${id}`, Season, { method: 'PATCH', body });
/** POST /v1/season/{id}/reset-double-elim/{divisionId} (PLAYOFFS, staff): the division's bracket back to round 1. */
export const resetDivisionBracket = (seasonId: number, divisionId: number) =>
  api.call(`/season/${seasonId}/reset-double-elim/${divisionId}`, DivisionDetail, { method: 'POST' });
/** PATCH /v1/season/{id}/division-splits (CLOSED; zeros are dropped on save). */
export const saveDivisionSplits = (id: number, body: DivisionSplitsBody) =>
  api.send(`/season/${id}/division-splits`, { method: 'PATCH', body });

/** POST /v1/billing/join-season/{seasonId}/{teamId} (terms ticked): `true` for a free season, else the payment secret. */
export const joinSeason = (seasonId: number, teamId: number) =>
  api.call(`/billing/join-season/${seasonId}/${teamId}`, union([literal(true), PaymentSecret]), {
    method: 'POST',
    body: { termsAccepted: true } satisfies JoinSeasonBody,
  });
/** DELETE /v1/billing/remove-team/{seasonId}/{teamId} (staff). */
export const removeSeasonTeam = (seasonId: number, teamId: number) =>
  api.send(`/billing/remove-team/${seasonId}/${teamId}`, { method: 'DELETE' });
/** POST /v1/billing/refund-entry/{seasonId}/{teamId} (staff). */
export const refundSeasonEntry = (seasonId: number, teamId: number) =>
  api.call(`/billing/refund-entry/${seasonId}/${teamId}`, RefundAnswer, { method: 'POST' });

/** PATCH /v1/user/{id} with katanaRank alone: staff correct a member's KR from the season page. */
export const setMemberKr = (userId: number, katanaRank: number) =>
  api.send(`/user/${userId}`, { method: 'PATCH', body: { katanaRank } satisfies AdminUserPatch });
