import type { SeasonMatchView } from '../../api/contract/season';
import { seasonReportBlocker, seasonResultBlocker } from '../../../machines/rules/seasonMatchRules';
import { seasonRoundName } from '../../domain/season/playoffBracket';
import { MatchDetailsLayout } from './MatchDetailsLayout';
import { staffResultQuestion } from '../../shared/matches/matchSides';
import { seasonIsOverwrite, seasonSideView } from '../../shared/matches/seasonMatchSides';
import type { ScoreSubmission } from './useScoreSubmission';

interface LeagueMatchDetailsProps {
  match: SeasonMatchView;
  submission: ScoreSubmission;
  isStaff: boolean;
}

/** /match/{id}: the season as a link, the round, the due date, both teams, and the score flows the viewer may open. */
export function LeagueMatchDetails({ match: m, submission, isStaff }: LeagueMatchDetailsProps) {
  const [snapshot] = submission;
  const canReport = snapshot.can({ type: 'score.start' });
  const canSetResult = snapshot.can({ type: 'admin.start' });
  const round = m.matchNumber !== null ? `${seasonRoundName(m.roundType)} · Match ${m.matchNumber}` : seasonRoundName(m.roundType);
  return (
    <MatchDetailsLayout
      submission={submission}
      view={{
        documentTitle: `${round} · ${m.seasonName} · Clutch`,
        parent: { href: `/seasons/${m.seasonId}`, label: m.seasonName },
        round,
        dispute: !!m.dispute,
        dueByDate: m.dueByDate,
        sides: [seasonSideView(m, 'A'), seasonSideView(m, 'B')],
        playable: m.teamA !== null && m.teamB !== null && m.live,
        overwrite: seasonIsOverwrite(m),
        // A player of either team reads why they cannot report (captains report); staff why no result can be set.
        blocker: m.viewerSide && !canReport ? seasonReportBlocker(m) : isStaff && !canSetResult ? seasonResultBlocker(m) : null,
        staffQuestion: (result) =>
          staffResultQuestion({ decided: m.winningTeam !== null, dispute: !!m.dispute }, 'this match', result, {
            decided: 'Standings change; team and player records and KR do not.',
            undecided: m.matchType === 'PLAYOFF' ? 'The bracket moves both teams on.' : 'The group standings take the result.',
          }),
      }}
    />
  );
}
