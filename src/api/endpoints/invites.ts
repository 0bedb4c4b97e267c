import { array } from 'superstruct';
import { api } from '../client';
import { TeamInvites, type TeamInvite } from '../contract/team';
import { Invitee } from '../contract/user';
import { answerTemporaryTeamInvite } from './temporaryTeams';

/** GET /v1/transfer/user: the signed-in user's pending invites (league teams and tournament teams). */
export const getMyInvites = () => api.call('/transfer/user', TeamInvites);

/** A tournament team's invite carries its tournament title; a league team's does not. */
export const isTournamentInvite = (invite: TeamInvite) => invite.tournamentTitle != null;

/** PATCH .../members/invites/accept | reject on the invite's team (tournament team or league team). */
export function answerInvite(invite: TeamInvite, answer: 'accept' | 'reject') {
  if (isTournamentInvite(invite)) return answerTemporaryTeamInvite(invite.teamId, answer);
  return api.send(`/team/${invite.teamId}/members/invites/${answer}`, { method: 'PATCH' });
}

/**
 * GET /v1/user/invitee-search?search: players who can be invited (id and discordName); with the team whose dialog
 * searches (`teamId` a league team, `temporaryTeamId` a tournament team), only those its invite would take.
 */
export const searchInvitees = (search: string, team: { teamId: number } | { temporaryTeamId: number } | null = null) =>
  api.call('/user/invitee-search', array(Invitee), { query: { search, ...team } });
