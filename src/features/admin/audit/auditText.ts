import type { AuditAction, AuditEntry, AuditTargetType, AuditValues } from '../../../api/contract/audit';
import { SITE_IMAGE_SLOTS } from '../../../domain/siteImages';

/** The WHAT column. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  ROLE_CHANGED: 'Role changed',
  USER_EDITED: 'User edited',
  USER_BANNED: 'User banned',
  TEAM_EDITED: 'Team edited',
  IMAGE_UPDATED: 'Image updated',
  TRANSFER_APPROVED: 'Transfer approved',
  TRANSFER_REJECTED: 'Transfer rejected',
  TRANSFER_CANCELLED: 'Transfer cancelled',
  ROSTER_CHANGED: 'Roster changed',
  TEAM_LOGO_REMOVED: 'Team logo removed',
  TEAM_DISBANDED: 'Team disbanded',
  TOURNAMENT_CREATED: 'Tournament created',
  TOURNAMENT_EDITED: 'Tournament edited',
  TOURNAMENT_DELETED: 'Tournament deleted',
  TOURNAMENT_STATUS_CHANGED: 'Tournament status changed',
  DISCORD_CLEANED: 'Discord cleaned up',
  PAIRING_SAVED: 'Pairing saved',
  ENTRY_ADDED: 'Entry added',
  ENTRY_REMOVED: 'Entry removed',
  ENTRY_REFUNDED: 'Entry refunded',
  MATCH_RESULT_SET: 'Match result set',
  MATCH_ENTRIES_CHANGED: 'Match entries changed',
  BRACKET_RESET: 'Bracket reset',
  SEASON_CREATED: 'Season created',
  SEASON_EDITED: 'Season edited',
  SEASON_DELETED: 'Season deleted',
  SEASON_STATUS_CHANGED: 'Season status changed',
  DIVISIONS_SPLIT: 'Divisions split',
  SEASON_TEAM_REMOVED: 'Team removed from season',
  PLAYER_CARD_ADDED: 'Player card added',
  PLAYER_CARD_EDITED: 'Player card edited',
  PLAYER_CARD_DELETED: 'Player card deleted',
  WEBHOOK_CHANGED: 'Discord webhook changed',
};

/** The kind of thing a row changed, as the TARGET column names it. */
const AUDIT_TARGET_LABELS: Record<AuditTargetType, string> = {
  USER: 'User',
  TEAM: 'Team',
  IMAGE: 'Image',
  TOURNAMENT: 'Tournament',
  TOURNAMENT_TEAM: 'Tournament team',
  MATCH: 'Match',
  SEASON: 'Season',
  PLAYER_CARD: 'Player card',
};

/** The TARGET column: "User Ace", "Team Rockets", "Image Home Page Banner", "Tournament Winter Major". */
export function auditTargetText({ target }: AuditEntry): string {
  if (target.type === 'IMAGE') return `Image ${SITE_IMAGE_SLOTS.find((s) => s.type === target.id)?.label ?? target.name}`;
  return `${AUDIT_TARGET_LABELS[target.type]} ${target.name}`;
}

const valueText = (value: AuditValues[string] | undefined) => (value === null || value === undefined || value === '' ? 'none' : String(value));

/** The BEFORE → AFTER column: one line per changed field, "wins: 2 → 5". */
export function auditChangeLines({ before, after }: AuditEntry): string[] {
  const fields = Object.keys({ ...before, ...after });
  return fields.map((field) => `${field}: ${valueText(before?.[field])} → ${valueText(after?.[field])}`);
}
