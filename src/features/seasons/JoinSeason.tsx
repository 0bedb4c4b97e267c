import { Button, Stack, Text, Tooltip } from '@mantine/core';
import { AppModal } from '../../ui/AppModal/AppModal';
import { FormActions } from '../../ui/FormActions/FormActions';
import { TermsCheckbox } from '../../ui/TermsCheckbox/TermsCheckbox';
import { useMachine } from '@xstate/react';
import { useState } from 'react';
import type { Season } from '../../api/contract/season';
import { notifyError, notifySuccess } from '../../ui/notify';
import { joinBlocker } from '../../domain/season/joinBlocker';
import { useSessionUser } from '../../ui/session';
import { joinSeasonMachine } from '../../../machines/flows/joinSeasonMachine';
import { PaymentDialog } from '../../shared/payment/PaymentDialog';
import { formatEuros } from '../../domain/formatEuros';

/**
 * Join Season: disabled with the spec's tooltip when the viewer may not join (§5), else the dialog with the terms
 * box, then the payment dialog for the entry fee (its create call is the join call for the viewer's team).
 */
export function JoinSeason({ season, reload }: { season: Season; reload: () => void }) {
  const user = useSessionUser();
  const [logic] = useState(() =>
    joinSeasonMachine.provide({
      actions: {
        refresh: () => reload(),
        notifyJoined: () => notifySuccess({ title: 'Season Joined' }),
        reportError: (_, { error }) => notifyError(error),
      },
    }),
  );
  // Without a team the button is disabled (the tooltip says why): no join call is ever made with team 0.
  const [snapshot, send] = useMachine(logic, { input: { seasonId: season.id, teamId: user?.teamId ?? 0 } });
  const blocker = joinBlocker({
    seasonType: season.seasonType,
    startDate: season.startDate,
    now: Date.now(),
    signedIn: user !== null,
    inTeam: user?.teamId != null,
    isCaptain: user?.teamRole === 'CAPTAIN',
    userPartOfTeam: season.userPartOfTeam,
    teamMembersCount: season.teamMembersCount,
  });
  const editing = snapshot.matches('editing') || snapshot.matches('joining');
  return (
    <>
      <Tooltip label={blocker} disabled={blocker === null}>
        {/* A disabled button fires no pointer events: the wrapper carries the tooltip. */}
        <span>
          <Button onClick={() => send({ type: 'join.open' })} disabled={blocker !== null}>
            Join Season
          </Button>
        </span>
      </Tooltip>
      <AppModal opened={editing} onClose={() => send({ type: 'join.cancel' })} title={`Join ${season.name}`} centered>
        <Stack gap="md">
          <Text size="sm">
            {season.entryFee > 0 ? `Entry fee: ${formatEuros(season.entryFee)}. You will be asked to pay after joining.` : 'This season is free to join.'}
          </Text>
          <TermsCheckbox
            checked={snapshot.context.agreed}
            error={snapshot.context.termsError}
            onChange={(e) => send({ type: 'terms.change', agreed: e.currentTarget.checked })}
          />
          <FormActions onCancel={() => send({ type: 'join.cancel' })} onSubmit={() => send({ type: 'join.submit' })} busy={snapshot.matches('joining')} submitLabel="Join" />
        </Stack>
      </AppModal>
      <PaymentDialog
        opened={snapshot.matches('paying')}
        clientSecret={snapshot.context.clientSecret}
        amount={season.entryFee}
        description={`Entry: ${season.name}`}
        onSucceeded={() => send({ type: 'payment.succeeded' })}
        onClose={() => send({ type: 'payment.close' })}
      />
    </>
  );
}
