import { Button } from '@mantine/core';
import type { Tournament } from '../../../api/contract/tournament';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useMachineWith } from '../../../ui/useMachineWith';
import { SUCCESS } from '../../../domain/messages';
import { joinTournamentMachine } from '../../../../machines/flows/joinTournamentMachine';
import { isTeamTournament } from '../format';
import { JoinTournamentDialog } from './JoinTournamentDialog';
import { PaymentDialog } from '../../../shared/payment/PaymentDialog';

interface JoinTournamentProps {
  tournament: Tournament;
  userId: number;
  reload: () => void;
}

/**
 * REGISTER and the join flow (form, join call, then the payment dialog when there is a fee), driven by
 * joinTournamentMachine. Guests never get here: their REGISTER goes to /login.
 */
export function JoinTournament({ tournament, userId, reload }: JoinTournamentProps) {
  const [snapshot, send] = useMachineWith(joinTournamentMachine, {
    actions: {
      notifyJoined: () => notifySuccess(SUCCESS.tournamentJoined),
      refresh: () => reload(),
      reportError: (_, { error }) => notifyError(error),
    },
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
      <PaymentDialog
        opened={snapshot.matches('paying')}
        clientSecret={snapshot.context.clientSecret}
        amount={tournament.entryFee}
        description={`Entry: ${tournament.title}`}
        onSucceeded={() => send({ type: 'payment.succeeded' })}
        onClose={() => send({ type: 'payment.close' })}
      />
    </>
  );
}
