import { SEASON_MIN_TEAM_MEMBERS, type SeasonType } from '../constants';
import { JOIN_SEASON_TOOLTIPS } from '../messages';
import { seasonEntryOpen } from './seasonDates';

/** What decides whether the viewer may join a season for their team (Season fields plus the session). */
export interface JoinSeasonFacts {
  seasonType: SeasonType;
  startDate: number;
  now: number;
  signedIn: boolean;
  /** The viewer is in a league team. */
  inTeam: boolean;
  /** The viewer captains that team. */
  isCaptain: boolean;
  /** Season.userPartOfTeam: the viewer's team has already joined this season. */
  userPartOfTeam: boolean;
  /** Season.teamMembersCount: members of the viewer's team, the captain included. */
  teamMembersCount: number;
}

/**
 * Why Join Season is refused, in the wording of the disabled button's tooltip (seasons-and-admin §5), checked
 * in the spec's order; null when the viewer may join. The join dialog shows it and the server answers it (the
 * terms box is the dialog's own field rule). "At least 1 team member" counts members besides the captain:
 * the captain alone is not a team to enter (docs/decisions.md, Seasons).
 */
export function joinBlocker(f: JoinSeasonFacts): string | null {
  if (!seasonEntryOpen(f, f.now)) return JOIN_SEASON_TOOLTIPS.closed;
  if (!f.signedIn) return JOIN_SEASON_TOOLTIPS.login;
  if (!f.inTeam) return JOIN_SEASON_TOOLTIPS.noTeam;
  if (f.userPartOfTeam) return JOIN_SEASON_TOOLTIPS.alreadyIn;
  if (f.teamMembersCount - 1 < SEASON_MIN_TEAM_MEMBERS) return JOIN_SEASON_TOOLTIPS.noMembers;
  if (!f.isCaptain) return JOIN_SEASON_TOOLTIPS.notCaptain;
  return null;
}
