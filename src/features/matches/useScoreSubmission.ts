import { useState } from 'react';
import { useMachine } from '@xstate/react';
import { scoreSubmissionMachine, type ScoreSubmissionInput } from '../../../machines/scoreSubmissionMachine';
import { notifyClientError, notifyError, notifySuccess } from '../../ui/notify';
import { ERRORS, SUCCESS } from '../../domain/messages';

/** The score submission machine of one match page, with the app's notifications. */
export function useScoreSubmission(input: ScoreSubmissionInput) {
  const [logic] = useState(() =>
    scoreSubmissionMachine.provide({
      actions: {
        notifySubmitted: () => notifySuccess(SUCCESS.scoreSubmitted),
        notifyMismatch: () => notifyClientError(ERRORS.invalidScores.title, ERRORS.invalidScores.message),
        reportError: (_, { error }) => notifyError(error),
      },
    }),
  );
  return useMachine(logic, { input });
}

export type ScoreSubmission = ReturnType<typeof useScoreSubmission>;
