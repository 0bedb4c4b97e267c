import { Alert, Stack, TextInput } from '@mantine/core';
import { AppModal } from '../../../ui/AppModal/AppModal';
import { FormActions } from '../../../ui/FormActions/FormActions';
import { TermsCheckbox } from '../../../ui/TermsCheckbox/TermsCheckbox';
import type { SnapshotFrom } from 'xstate';
import type { JoinTournamentEvent, joinTournamentMachine } from '../../../../machines/flows/joinTournamentMachine';
import { formatFee } from '../../../domain/tournamentLabels';

interface JoinTournamentDialogProps {
  title: string;
  snapshot: SnapshotFrom<typeof joinTournamentMachine>;
  send: (event: JoinTournamentEvent) => void;
}

/** The join form: team name (team types), the terms box and, when there is a fee, a notice that payment follows. */
export function JoinTournamentDialog({ title, snapshot, send }: JoinTournamentDialogProps) {
  const { context } = snapshot;
  const joining = snapshot.matches('joining');
  const opened = snapshot.matches('editing') || joining;
  return (
    <AppModal opened={opened} onClose={() => send({ type: 'join.cancel' })} title={`Register for ${title}`} centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: 'join.submit' });
        }}
      >
        <Stack gap="md">
          {context.needsTeamName && (
            <TextInput
              label="Team name"
              withAsterisk
              data-autofocus
              maxLength={40}
              value={context.name}
              error={context.errors.name}
              onChange={(e) => send({ type: 'name.change', name: e.currentTarget.value })}
            />
          )}
          <TermsCheckbox
            checked={context.agreed}
            error={context.errors.terms}
            onChange={(e) => send({ type: 'terms.change', agreed: e.currentTarget.checked })}
          />
          {context.entryFee > 0 && (
            <Alert color="yellow" variant="light" title="Entry fee">
              This tournament has an entry fee of {formatFee(context.entryFee)}. You will be asked to pay after registering.
            </Alert>
          )}
          <FormActions onCancel={() => send({ type: 'join.cancel' })} busy={joining} submitLabel="Register" />
        </Stack>
      </form>
    </AppModal>
  );
}
