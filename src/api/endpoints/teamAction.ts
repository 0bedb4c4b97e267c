import type { TeamManagementRow } from '../contract/team';
import type { Invitee } from '../contract/user';

/** A change made through the team management dialog. */
export type TeamAction =
  | { kind: 'rename'; name: string }
  | { kind: 'saveSubstitutes'; names: string[] }
  | { kind: 'uploadLogo'; file: File }
  | { kind: 'removeLogo' }
  | { kind: 'invite'; user: Invitee }
  | { kind: 'forceAdd'; user: Invitee }
  | { kind: 'removeMember'; member: TeamManagementRow }
  | { kind: 'promote'; member: TeamManagementRow }
  | { kind: 'revokeInvite'; member: TeamManagementRow }
  | { kind: 'leave' }
  | { kind: 'disband' }
  /** The Ok of a REJECTED row (or withdrawing an open transfer): DELETE /v1/transfer/{teamId}/{userId}. */
  | { kind: 'cancelTransfer'; member: TeamManagementRow };
