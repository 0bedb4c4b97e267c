import type { TournamentMatch } from '../../api/contract/tournament';
import { isPlayable, reportBlocker, staffResultBlocker } from '../../../machines/flows/scoreSubmissionMachine';
import { mayChangeEntries } from '../../../machines/flows/changeEntriesMachine';
import { ChangeTeams } from './ChangeTeams';
import { MatchDetailsLayout } from './MatchDetailsLayout';
import { isOverwrite, sideView, staffResultQuestion } from '../../shared/matches/matchSides';
import type { ScoreSubmission } from './useScoreSubmission';

interface MatchDetailsProps {
  match: TournamentMatch;
  submission: ScoreSubmission;
  isStaff: boolean;
}

/** A tournament's match page: tournament link, round and number, deadline, both sides, and the actions the viewer may take. */
export function MatchDetails({ match: m, submission, isStaff }: MatchDetailsProps) {
  const [snapshot, send] = submission;
  const canReport = snapshot.can({ type: 'score.start' });
  const canSetResult = snapshot.can({ type: 'admin.start' });
  const canChangeTeams = isStaff && snapshot.matches('idle') && mayChangeEntries(m);
  const title = m.tournament?.title ?? `Tournament ${m.tournamentId}`;
  const overwrite = isOverwrite(m);
  return (
    <MatchDetailsLayout
      submission={submission}
      view={{
        documentTitle: `Match ${m.matchNumber} · ${title} · Clutch`,
        parent: { href: `/tournaments/${m.tournamentId}`, label: title },
        round: `${m.roundName} · Match ${m.matchNumber}`,
        dispute: m.dispute,
        dueByDate: m.dueByDate,
        sides: [sideView(m, 'A'), sideView(m, 'B')],
        playable: isPlayable(m),
        overwrite,
        // A player reads why they cannot report, staff why no result can be set.
        blocker: m.viewerSide && !canReport ? reportBlocker(m) : isStaff && !canSetResult ? staffResultBlocker(m) : null,
        staffQuestion: (result) =>
          staffResultQuestion({ decided: m.winningEntry !== '', dispute: m.dispute }, `match ${m.matchNumber}`, result, {
            decided: 'Later matches whose entrants change are re-opened and their scores cleared.',
            undecided: 'The bracket moves both entries on.',
          }),
        extraActions: canChangeTeams ? <ChangeTeams match={m} onChanged={(match) => send({ type: 'match.replace', match })} /> : undefined,
      }}
    />
  );
}
