import { Stack } from '@mantine/core';
import { AppModal } from '../../../ui/AppModal/AppModal';
import { FormActions } from '../../../ui/FormActions/FormActions';
import { useForm } from '@mantine/form';
import type { Tournament } from '../../../api/contract/tournament';
import { emptyValues, validationRules, valuesOf, type TournamentFormValues } from '../../../../machines/rules/tournamentForm';
import { tournamentFormMachine } from '../../../../machines/flows/tournamentFormMachine';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useMachineWith } from '../../../ui/useMachineWith';
import { SUCCESS } from '../../../domain/messages';
import { TournamentDetailsFields } from './TournamentDetailsFields';
import { TournamentFormatFields } from './TournamentFormatFields';
import { DiscordAnnouncements } from '../announcements/DiscordAnnouncements';

interface TournamentFormModalProps {
  /** The tournament to edit, or null to add one. */
  tournament: Tournament | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The add/edit tournament dialog (600 px). Fields validate on submit with the spec's messages under each field. */
export function TournamentFormModal({ tournament, onClose, onSaved }: TournamentFormModalProps) {
  const creating = tournament === null;
  const [snapshot, send] = useMachineWith(tournamentFormMachine, {
    input: { tournament },
    actions: {
      reportError: (_, { error }) => notifyError(error),
      saved: (_, { added }) => {
        notifySuccess(added ? SUCCESS.tournamentAdded : SUCCESS.tournamentEdited);
        onSaved();
      },
    },
  });
  const form = useForm<TournamentFormValues>({
    initialValues: tournament ? valuesOf(tournament) : emptyValues(),
    validate: validationRules(creating),
  });
  const busy = !snapshot.matches('editing');
  return (
    <AppModal
      opened
      onClose={onClose}
      large
      title={creating ? 'New Tournament' : `Edit ${tournament.title}`}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <form noValidate onSubmit={form.onSubmit((values) => send({ type: 'form.submit', values }))}>
        <Stack gap="sm">
          <TournamentDetailsFields form={form} />
          <TournamentFormatFields form={form} creating={creating} />
          <DiscordAnnouncements
            owner={tournament && { kind: 'tournament', id: tournament.id }}
            input={form.getInputProps('discordWebhook')}
            remove={form.getInputProps('removeWebhook', { type: 'checkbox' })}
          />
          <FormActions onCancel={onClose} busy={busy} mt="md" submitLabel={creating ? 'Add Tournament' : 'Save Changes'} />
        </Stack>
      </form>
    </AppModal>
  );
}
