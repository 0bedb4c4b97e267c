import { SUCCESS } from '../../../domain/messages';
import type { ManagedTeam, TeamAction, TeamKind } from '../../../../machines/flows/teamManagementMachine';

/** The success notification of each team change (spec §8 wording). */
export function successNotice(action: TeamAction, team: ManagedTeam | null, kind: TeamKind, asAdmin = false): { title: string; message: string } {
  switch (action.kind) {
    case 'rename':
      return SUCCESS.teamNameUpdated;
    case 'saveSubstitutes':
      return { title: 'Substitutes Updated', message: 'The free substitutes of this team have been updated' };
    case 'uploadLogo':
      return SUCCESS.logoUploaded;
    case 'removeLogo':
      return SUCCESS.logoRemoved;
    case 'invite':
      // A league team's invite reads as the spec's Invite Sent; a tournament team's names the player.
      return kind === 'league' ? SUCCESS.inviteSent : SUCCESS.userInvited(action.user.discordName);
    case 'forceAdd':
      return SUCCESS.userAdded;
    case 'removeMember':
      // In a season the captain's Remove asks the admins (staff remove at once).
      return kind === 'league' && team?.transferMode && !asAdmin ? SUCCESS.approvalPendingRemoval : SUCCESS.userRemoved;
    case 'promote':
      return SUCCESS.userPromoted;
    case 'revokeInvite':
      return SUCCESS.inviteRevoked;
    case 'leave':
      // In a season leaving asks the admins, as the captain's Remove does.
      return kind === 'league' && team?.transferMode ? SUCCESS.approvalPendingRemoval : SUCCESS.teamLeft(team?.name ?? 'the team');
    case 'disband':
      return SUCCESS.teamDisbanded;
    case 'cancelTransfer':
      return SUCCESS.transferCancelled;
  }
}

/**
 * What the confirmation of an action asks (remove user, revoke invite, add or invite player, leave, remove logo, disband;
 * and assign captain, which hands the team over).
 */
export function confirmation(action: TeamAction, team: ManagedTeam | null) {
  const name = team?.name ?? 'this team';
  switch (action.kind) {
    case 'invite':
      return { title: 'Invite player', message: `Invite ${action.user.discordName} to ${name}?`, confirm: 'Send Invite', danger: false };
    case 'forceAdd':
      return { title: 'Add player', message: `Add ${action.user.discordName} to ${name} without an invite?`, confirm: 'Force Add', danger: false };
    case 'removeMember':
      return { title: 'Remove user', message: `Remove ${action.member.discordName} from ${name}?`, confirm: 'Remove', danger: true };
    case 'promote':
      return {
        title: 'Make captain',
        message: `Make ${action.member.discordName} the captain of ${name}? The current captain stays on the team as a player.`,
        confirm: 'Make Captain',
        danger: false,
      };
    case 'revokeInvite':
      return { title: 'Revoke invite', message: `Revoke the invite of ${action.member.discordName}?`, confirm: 'Revoke Invite', danger: true };
    case 'leave':
      return { title: 'Leave Team', message: leaveQuestion(name, !!team?.transferMode), confirm: 'Leave Team', danger: true };
    case 'removeLogo':
      return { title: 'Remove logo', message: `Remove the logo of ${name}?`, confirm: 'Remove logo', danger: true };
    case 'disband':
      return {
        title: 'Disband team',
        message: `Disband ${name}? Its members, invites and tournament entry are removed. This cannot be undone.`,
        confirm: 'Disband team',
        danger: true,
      };
    default:
      return { title: 'Confirm', message: 'Are you sure?', confirm: 'Confirm', danger: false };
  }
}

/** What Leave Team asks: in a season the admins approve the removal first (the team page and the dialog ask alike). */
export function leaveQuestion(team: string, transferMode: boolean, lastMember = false): string {
  if (transferMode) return `Leave ${team}? The team is playing a season, so your removal waits for an admin's approval.`;
  if (lastMember) return `You are the last member of ${team}. Leaving locks the team for good.`;
  return `Leave ${team}? You will need a new invite to join it again.`;
}
