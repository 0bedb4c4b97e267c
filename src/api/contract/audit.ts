import { boolean, enums, nullable, number, record, string, type, union, type Infer } from 'superstruct';
import { Id, Millis } from './common';

/** What a staff member changed (the audit log's WHAT column): every staff action that changes someone's data. */
export const AUDIT_ACTIONS = [
  'ROLE_CHANGED',
  'USER_EDITED',
  'USER_BANNED',
  'TEAM_EDITED',
  'IMAGE_UPDATED',
  'TRANSFER_APPROVED',
  'TRANSFER_REJECTED',
  'TRANSFER_CANCELLED',
  'ROSTER_CHANGED',
  'TEAM_LOGO_REMOVED',
  'TEAM_DISBANDED',
  'TOURNAMENT_CREATED',
  'TOURNAMENT_EDITED',
  'TOURNAMENT_DELETED',
  'TOURNAMENT_STATUS_CHANGED',
  'DISCORD_CLEANED',
  'PAIRING_SAVED',
  'ENTRY_ADDED',
  'ENTRY_REMOVED',
  'ENTRY_REFUNDED',
  'MATCH_RESULT_SET',
  'MATCH_ENTRIES_CHANGED',
  'BRACKET_RESET',
  'SEASON_CREATED',
  'SEASON_EDITED',
  'SEASON_DELETED',
  'SEASON_STATUS_CHANGED',
  'DIVISIONS_SPLIT',
  'SEASON_TEAM_REMOVED',
  'PLAYER_CARD_ADDED',
  'PLAYER_CARD_EDITED',
  'PLAYER_CARD_DELETED',
  'WEBHOOK_CHANGED',
] as const;
export const AuditAction = enums(AUDIT_ACTIONS);
export type AuditAction = Infer<typeof AuditAction>;

export const AUDIT_TARGET_TYPES = ['USER', 'TEAM', 'IMAGE', 'TOURNAMENT', 'TOURNAMENT_TEAM', 'MATCH', 'SEASON', 'PLAYER_CARD'] as const;
export const AuditTargetType = enums(AUDIT_TARGET_TYPES);
export type AuditTargetType = Infer<typeof AuditTargetType>;

/** The fields a change touched, by name (`{ role: 'ADMIN' }`, `{ wins: 3, losses: 1 }`, `{ url: '/v1/images/7' }`). */
export const AuditValues = record(string(), nullable(union([string(), number(), boolean()])));
export type AuditValues = Infer<typeof AuditValues>;

/** A row of GET /v1/admin/audit (OWNER only, newest first). */
export const AuditEntry = type({
  id: Id,
  when: Millis,
  who: type({ id: Id, discordName: string() }),
  what: AuditAction,
  target: type({ type: AuditTargetType, id: string(), name: string() }),
  before: nullable(AuditValues),
  after: nullable(AuditValues),
});
export type AuditEntry = Infer<typeof AuditEntry>;
