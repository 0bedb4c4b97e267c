import type { AuditAction, AuditEntry, AuditValues } from '../../../api/contract/audit';
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
  WEBHOOK_CHANGED: 'Discord webhook changed',
};

const TARGET_WORDS: Record<Exclude<AuditEntry['target']['type'], 'IMAGE'>, string> = {
  USER: 'User',
  TEAM: 'Team',
  TOURNAMENT: 'Tournament',
  SEASON: 'Season',
};

/** The TARGET column: "User Ace", "Team Rockets", "Image Home Page Banner". */
export function auditTargetText({ target }: AuditEntry): string {
  if (target.type === 'IMAGE') return `Image ${SITE_IMAGE_SLOTS.find((s) => s.type === target.id)?.label ?? target.name}`;
  return `${TARGET_WORDS[target.type]} ${target.name}`;
}

const valueText = (value: AuditValues[string] | undefined) => (value === null || value === undefined || value === '' ? 'none' : String(value));

/** The BEFORE → AFTER column: one line per changed field, "wins: 2 → 5". */
export function auditChangeLines({ before, after }: AuditEntry): string[] {
  const fields = Object.keys({ ...before, ...after });
  return fields.map((field) => `${field}: ${valueText(before?.[field])} → ${valueText(after?.[field])}`);
}
