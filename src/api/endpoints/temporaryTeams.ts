import { api } from '../client';
import { TeamLeft, TeamManagementRows, TemporaryTeamDetail } from '../contract/team';
import type { TeamAction } from './teamAction';

const base = (teamId: number) => `/tournament/temporary-team/${teamId}`;

/** GET /v1/tournament/temporary-team/{id}: the team page (roster CAPTAIN first, its tournament, locked). */
export const getTemporaryTeam = (teamId: number) => api.call(base(teamId), TemporaryTeamDetail);

/** GET /v1/tournament/temporary-team/{id}/members: members and pending invites (the management dialog's rows). */
export const getTemporaryTeamMembers = (teamId: number) => api.call(`${base(teamId)}/members`, TeamManagementRows);

/** PATCH .../{id} (captain) or .../{id}/admin (staff): a new name, or the list of free substitutes. */
export const patchTemporaryTeam = (
  teamId: number,
  body: { name: string } | { freeSubstitutes: string[] },
  asAdmin: boolean,
) => api.send(`${base(teamId)}${asAdmin ? '/admin' : ''}`, { method: 'PATCH', body });

/** POST .../{id}/members/invites/{userId}: the captain invites a player. */
export const inviteToTemporaryTeam = (teamId: number, userId: number) =>
  api.send(`${base(teamId)}/members/invites/${userId}`, { method: 'POST' });

/** POST .../{id}/admin/members/{userId}: staff add a player without an invite. */
export const forceAddToTemporaryTeam = (teamId: number, userId: number) =>
  api.send(`${base(teamId)}/admin/members/${userId}`, { method: 'POST' });

/** DELETE .../{id}/members/{userId} (captain) or .../{id}/admin/members/{userId} (staff). */
export const removeTemporaryTeamMember = (teamId: number, userId: number, asAdmin: boolean) =>
  api.send(`${base(teamId)}${asAdmin ? '/admin' : ''}/members/${userId}`, { method: 'DELETE' });

/**
 * PATCH .../{id}/members/{userId} (captain) or .../{id}/admin/members/{userId} (staff): assign captain. The captain
 * before stays on as a player.
 */
export const promoteTemporaryTeamMember = (teamId: number, userId: number, asAdmin: boolean) =>
  api.send(`${base(teamId)}${asAdmin ? '/admin' : ''}/members/${userId}`, { method: 'PATCH' });

/** DELETE .../{id}/members: the signed-in player leaves the team (`locked` when they were the last member). */
export const leaveTemporaryTeam = (teamId: number) => api.call(`${base(teamId)}/members`, TeamLeft, { method: 'DELETE' });

/** PATCH .../{id}/members/invites/{userId}/cancel: the captain revokes an invite. */
export const revokeTemporaryTeamInvite = (teamId: number, userId: number) =>
  api.send(`${base(teamId)}/members/invites/${userId}/cancel`, { method: 'PATCH' });

/** POST .../{id}/logo (multipart, field "file"). */
export function uploadTemporaryTeamLogo(teamId: number, file: File) {
  const body = new FormData();
  body.append('file', file);
  return api.send(`${base(teamId)}/logo`, { method: 'POST', body });
}

/** DELETE .../{id}/logo. */
export const removeTemporaryTeamLogo = (teamId: number) => api.send(`${base(teamId)}/logo`, { method: 'DELETE' });

/** DELETE .../{id}: disband the team (its entry goes with it). */
export const disbandTemporaryTeam = (teamId: number) => api.send(base(teamId), { method: 'DELETE' });

/** PATCH .../{teamId}/members/invites/accept | reject: the invited player answers. */
export const answerTemporaryTeamInvite = (teamId: number, answer: 'accept' | 'reject') =>
  api.send(`${base(teamId)}/members/invites/${answer}`, { method: 'PATCH' });

/** The call of each change: the captain's path, or the staff path for the ones that have one. */
export async function performTemporaryTeamAction(teamId: number, asAdmin: boolean, action: TeamAction): Promise<void> {
  switch (action.kind) {
    case 'rename':
      return patchTemporaryTeam(teamId, { name: action.name.trim() }, asAdmin);
    case 'saveSubstitutes':
      return patchTemporaryTeam(teamId, { freeSubstitutes: action.names.map((n) => n.trim()) }, asAdmin);
    case 'uploadLogo':
      return uploadTemporaryTeamLogo(teamId, action.file);
    case 'removeLogo':
      return removeTemporaryTeamLogo(teamId);
    case 'invite':
      return inviteToTemporaryTeam(teamId, action.user.id);
    case 'forceAdd':
      return forceAddToTemporaryTeam(teamId, action.user.id);
    case 'removeMember':
      return removeTemporaryTeamMember(teamId, action.member.id, asAdmin);
    case 'promote':
      return promoteTemporaryTeamMember(teamId, action.member.id, asAdmin);
    case 'revokeInvite':
      return revokeTemporaryTeamInvite(teamId, action.member.id);
    case 'leave':
      await leaveTemporaryTeam(teamId);
      return;
    case 'disband':
      return disbandTemporaryTeam(teamId);
    case 'cancelTransfer':
      throw new Error('A tournament team has no transfers');
  }
}
