import { api } from '../client';
import { optional } from 'superstruct';
import { Team, TeamManagementRows } from '../contract/team';
import { isTransferOutcome, LeagueTeamLeft, TransferOutcome } from '../contract/transfer';
import { cancelTransfer } from './transfers';
import { Created } from '../contract/tournament';
import type { TeamAction } from './teamAction';

/** GET /v1/team/{id}: the team profile (roster captain first, upcoming matches per season). */
export const getTeam = (id: number) => api.call(`/team/${id}`, Team);

/**
 * DELETE /v1/team/{id}/members: leave the team; `locked` when the last member left. While the team plays a season the
 * answer is the removal request the leave opened (an admin approves it; a fee may be due first).
 */
export const leaveTeam = (id: number) => api.call(`/team/${id}/members`, LeagueTeamLeft, { method: 'DELETE' });

const base = (teamId: number) => `/team/${teamId}`;

/** POST /v1/team: the signed-in player founds a team and captains it. */
export const createTeam = (name: string) => api.call('/team', Created, { method: 'POST', body: { name } });

/** GET /v1/team/{id}/members: members (captain first) and pending invites, the management dialog's rows. */
export const getLeagueTeamMembers = (teamId: number) => api.call(`${base(teamId)}/members`, TeamManagementRows);

/** POST /v1/team/{id}/logo (multipart, field "file"): the captain only. */
function uploadLeagueTeamLogo(teamId: number, file: File) {
  const body = new FormData();
  body.append('file', file);
  return api.send(`${base(teamId)}/logo`, { method: 'POST', body });
}

/**
 * The call of each change of the management dialog: the captain's path, or the staff path (`/admin`,
 * `/admin/members/…`) for rename, force-add, remove and assign captain. Logo removal shares one path (the server tells
 * captain and staff apart); league teams cannot be disbanded and have no substitutes.
 */
export async function performLeagueTeamAction(teamId: number, asAdmin: boolean, action: TeamAction): Promise<TransferOutcome | void> {
  const admin = asAdmin ? '/admin' : '';
  switch (action.kind) {
    case 'rename':
      // Staff rename through the admin teams edit, which keeps the audit log.
      return api.send(`${base(teamId)}${admin}`, { method: 'PATCH', body: { name: action.name.trim() } });
    case 'uploadLogo':
      return uploadLeagueTeamLogo(teamId, action.file);
    case 'removeLogo':
      return api.send(`${base(teamId)}/logo`, { method: 'DELETE' });
    case 'invite':
      return api.send(`${base(teamId)}/members/invites/${action.user.id}`, { method: 'POST' });
    case 'forceAdd':
      return api.send(`${base(teamId)}/admin/members/${action.user.id}`, { method: 'POST' });
    case 'removeMember':
      // In a season the captain's Remove answers the transfer request it opened; otherwise nothing (204).
      return api.call(`${base(teamId)}${admin}/members/${action.member.id}`, optional(TransferOutcome), { method: 'DELETE' });
    case 'cancelTransfer':
      await cancelTransfer(teamId, action.member.id);
      return;
    case 'promote':
      return api.send(`${base(teamId)}${admin}/members/${action.member.id}`, { method: 'PATCH' });
    case 'revokeInvite':
      return api.send(`${base(teamId)}/members/invites/${action.member.id}/cancel`, { method: 'POST' });
    case 'leave': {
      // In a season leaving is a request for the member's own removal, answered like the captain's Remove.
      const left = await leaveTeam(teamId);
      return isTransferOutcome(left) ? left : undefined;
    }
    case 'saveSubstitutes':
    case 'disband':
      throw new Error(`A league team has no ${action.kind} call`);
  }
}
