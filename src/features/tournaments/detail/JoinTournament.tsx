import { Button } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import type { Tournament } from '../../../api/contract/tournament';
import { notifyError, notifySuccess } from '../../../app/notify';
import { SUCCESS } from '../../../domain/messages';
import { joinTournamentMachine } from '../../../../machines/joinTournamentMachine';
import { isTeamTournament } from '../format';
import { JoinTournamentDialog } from './JoinTournamentDialog';
import { JoinPayment } from './JoinPayment';

interface JoinTournamentProps {
  tournament: Tournament;
  userId: number;
  reload: () => void;
}

/** REGISTER and the join flow (form, join call, payment when there is a fee), driven by joinTournamentMachine. */
export function JoinTournament({ tournament, userId, reload }: JoinTournamentProps) {
  const [logic] = useState(() =>
    joinTournamentMachine.provide({
      actions: {
        notifyJoined: () => notifySuccess(SUCCESS.tournamentJoined),
        notifyPaid: () => notifySuccess(SUCCESS.paymentReceived),
        notifyProcessing: () => notifySuccess(SUCCESS.paymentProcessing),
        refresh: () => reload(),
        reportError: (_, { error }) => notifyError(error),
      },
    }),
  );
  const [snapshot, send] = useMachine(logic, {
    input: {
      tournamentId: tournament.id,
      teamOrUserId: userId,
      needsTeamName: isTeamTournament(tournament),
      entryFee: tournament.entryFee,
    },
  });
  return (
    <>
      <Button onClick={() => send({ type: 'join.open' })} disabled={!snapshot.can({ type: 'join.open' })}>
        REGISTER
      </Button>
      <JoinTournamentDialog title={tournament.title} snapshot={snapshot} send={send} />
      {snapshot.matches('paying') && snapshot.context.clientSecret && (
        <JoinPayment clientSecret={snapshot.context.clientSecret} amount={tournament.entryFee} send={send} />
      )}
    </>
  );
}
