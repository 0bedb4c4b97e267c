import { scoreSubmissionMachine, type ScoreSubmissionInput } from '../../../machines/flows/scoreSubmissionMachine';
import { notifyClientError, notifyError, notifySuccess } from '../../ui/notify';
import { useMachineWith } from '../../ui/useMachineWith';
import { ERRORS, SUCCESS } from '../../domain/messages';

/** The score submission machine of one match page, with the app's notifications. */
export function useScoreSubmission(input: ScoreSubmissionInput) {
  return useMachineWith(scoreSubmissionMachine, {
    input,
    actions: {
      notifySubmitted: () => notifySuccess(SUCCESS.scoreSubmitted),
      notifyMismatch: () => notifyClientError(ERRORS.invalidScores.title, ERRORS.invalidScores.message),
      reportError: (_, { error }) => notifyError(error),
    },
  });
}

export type ScoreSubmission = ReturnType<typeof useScoreSubmission>;
