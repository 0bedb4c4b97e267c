import type { SeasonMatchType } from '../constants';
import type { MatchBlocker } from '../matchRules';
import { MATCH_ERRORS, SEASON_MATCH_ERRORS } from '../messages';

/**
 * A shared match rule's refusal (src/domain/matchRules.ts) in league words where they differ: only captains
 * report, and a match is out of play outside its season's stage. The server's refusals read the same.
 */
export function seasonBlockerMessage(blocker: MatchBlocker, matchType: SeasonMatchType): string {
  const group = matchType === 'GROUP_STAGE';
  if (blocker === 'notPlayer') return SEASON_MATCH_ERRORS.notCaptain;
  if (blocker === 'notActive') return group ? SEASON_MATCH_ERRORS.groupNotInPlay : SEASON_MATCH_ERRORS.playoffNotInPlay;
  if (blocker === 'resultNotActive') return group ? SEASON_MATCH_ERRORS.groupResultNotInPlay : SEASON_MATCH_ERRORS.playoffResultNotInPlay;
  return MATCH_ERRORS[blocker];
}
