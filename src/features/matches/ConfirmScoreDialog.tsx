import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../../ui/AppModal/AppModal';
import { ScoreFields, type ScoreFieldsProps } from './ScoreForm';

interface ConfirmScoreDialogProps extends Omit<ScoreFieldsProps, 'labelPrefix'> {
  opened: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}

/** The second entry of the double-entry flow: the same score, typed again. */
export function ConfirmScoreDialog({ opened, onSubmit, onCancel, ...fields }: ConfirmScoreDialogProps) {
  return (
    <AppModal opened={opened} onClose={onCancel} title="Confirm the score" centered>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          <Text size="sm">Enter the score again to confirm it. Both entries must match.</Text>
          <ScoreFields {...fields} labelPrefix="Confirm score for" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Back
            </Button>
            <Button type="submit">Confirm score</Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
