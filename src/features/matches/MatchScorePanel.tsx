import type { TournamentMatch } from '../../api/contract/tournament';
import { ConfirmModal } from '../../ui/ConfirmDialog/ConfirmModal';
import { ConfirmScoreDialog } from './ConfirmScoreDialog';
import { adminScoreLabel, isOverwrite, sideView } from './matchSides';
import { ScoreForm } from './ScoreForm';
import type { ScoreSubmission } from './useScoreSubmission';

/** The open score flow: the player's double entry (form, then the dialog asking again) or the admin's entry and confirmation. */
export function MatchScorePanel({ match: m, submission: [snapshot, send] }: { match: TournamentMatch; submission: ScoreSubmission }) {
  if (!snapshot.matches('scoring')) return null;
  const { scores, errors, confirmation, confirmationErrors, flow } = snapshot.context;
  const reporting = flow === 'report';
  const names: [string, string] = [sideView(m, 'A').name, sideView(m, 'B').name];
  const submitting = snapshot.matches({ scoring: 'submitting' });
  const status = submitting ? 'busy' : snapshot.matches({ scoring: 'failed' }) ? 'failed' : 'editing';
  const overwrite = isOverwrite(m);
  const adminTitle = adminScoreLabel(m);
  const form = (
    <ScoreForm
      title={reporting ? 'SUBMIT SCORE' : adminTitle}
      hint={
        reporting
          ? 'Enter the score of both sides (0 to 3). You will be asked to enter it again before it is sent.'
          : 'Enter the result of both sides (0 to 3). You will be asked to confirm it.'
      }
      submitLabel="Continue"
      status={status}
      names={names}
      draft={scores}
      errors={errors}
      onChange={(side, value) => send({ type: 'score.change', side, value })}
      onSubmit={() => send({ type: 'score.submit' })}
      onCancel={() => send({ type: 'score.cancel' })}
      onRetry={() => send({ type: 'score.retry' })}
    />
  );
  if (reporting) {
    return (
      <>
        {form}
        <ConfirmScoreDialog
          opened={snapshot.matches({ scoring: 'confirming' })}
          names={names}
          draft={confirmation}
          errors={confirmationErrors}
          onChange={(side, value) => send({ type: 'confirm.change', side, value })}
          onSubmit={() => send({ type: 'confirm.submit' })}
          onCancel={() => send({ type: 'confirm.cancel' })}
        />
      </>
    );
  }
  const result = `${names[0]} ${scores.A.trim()} – ${scores.B.trim()} ${names[1]}`;
  return (
    <>
      {form}
      <ConfirmModal
        opened={snapshot.matches({ scoring: 'confirming' }) || submitting}
        title={adminTitle}
        confirmLabel={overwrite ? 'Overwrite score' : 'Submit score'}
        danger={overwrite}
        busy={submitting}
        onConfirm={() => send({ type: 'confirm.submit' })}
        onCancel={() => send({ type: 'confirm.cancel' })}
      >
        {m.winningEntry !== ''
          ? `Overwrite the result of match ${m.matchNumber} with ${result}? Later matches whose entrants change are re-opened and their scores cleared.`
          : overwrite
            ? `Overwrite the disputed scores of match ${m.matchNumber} with ${result}? The bracket moves both entries on.`
            : `Set the result of match ${m.matchNumber} to ${result}? The bracket moves both entries on.`}
      </ConfirmModal>
    </>
  );
}
