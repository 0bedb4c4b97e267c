import { ConfirmModal } from '../../ui/ConfirmDialog/ConfirmModal';
import { ConfirmScoreDialog } from './ConfirmScoreDialog';
import { adminLabel } from '../../shared/matches/matchSides';
import { ScoreForm } from './ScoreForm';
import type { ScoreSubmission } from './useScoreSubmission';

export interface MatchScorePanelProps {
  submission: ScoreSubmission;
  /** Names of sides A and B, as the form and the dialogs label them. */
  names: [string, string];
  /** Staff replace scores that exist (a result, or disputed reports). */
  overwrite: boolean;
  /** The staff confirmation's question for `result` ("Alpha 3 – 1 Bravo"). */
  staffQuestion: (result: string) => string;
}

/**
 * The open score flow of a tournament or league match: the player's (captain's) double entry (form, then the
 * dialog asking again) or the admin's entry and confirmation.
 */
export function MatchScorePanel({ submission: [snapshot, send], names, overwrite, staffQuestion }: MatchScorePanelProps) {
  if (!snapshot.matches('scoring')) return null;
  const { scores, errors, confirmation, confirmationErrors, flow } = snapshot.context;
  const reporting = flow === 'report';
  const submitting = snapshot.matches({ scoring: 'submitting' });
  const status = submitting ? 'busy' : snapshot.matches({ scoring: 'failed' }) ? 'failed' : 'editing';
  const adminTitle = adminLabel(overwrite);
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
        {staffQuestion(`${names[0]} ${scores.A.trim()} – ${scores.B.trim()} ${names[1]}`)}
      </ConfirmModal>
    </>
  );
}
