import { Button, Stack, TextInput } from '@mantine/core';
import { AppModal } from '../../ui/AppModal/AppModal';
import { FormActions } from '../../ui/FormActions/FormActions';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { createTeam } from '../../api/endpoints/teams';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useSessionActor } from '../../ui/session';
import { SUCCESS, VALIDATION } from '../../domain/messages';

/**
 * Create Team, on the signed-in player's own profile while they have no team: a name ("Please enter a team name"),
 * then "Team Created" and their new team's page (they captain it). See docs/decisions.md, "League teams (issue 13)".
 */
export function CreateTeamButton() {
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const session = useSessionActor();
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: (v: string) => (v.trim() ? null : VALIDATION.teamName) },
  });
  const submit = ({ name }: { name: string }) => {
    setBusy(true);
    createTeam(name.trim()).then(
      ({ id }) => {
        notifySuccess(SUCCESS.teamCreated);
        // The session's user carries teamId and teamRole.
        session.send({ type: 'session.refresh' });
        navigate(`/teams/${id}`);
      },
      (error) => {
        setBusy(false);
        notifyError(error);
      },
    );
  };
  const close = () => !busy && setOpened(false);
  return (
    <>
      <Button onClick={() => setOpened(true)}>Create Team</Button>
      <AppModal opened={opened} onClose={close} title="Create Team" centered>
        <form noValidate onSubmit={form.onSubmit(submit)}>
          <Stack gap="sm">
            <TextInput label="Team name" withAsterisk maxLength={40} data-autofocus {...form.getInputProps('name')} />
            <FormActions onCancel={close} busy={busy} mt="md" submitLabel="Create Team" />
          </Stack>
        </form>
      </AppModal>
    </>
  );
}
