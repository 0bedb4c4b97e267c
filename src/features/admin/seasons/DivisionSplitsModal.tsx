import { Button, NumberInput, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../ui/AppModal/AppModal';
import { FormActions } from '../../../ui/FormActions/FormActions';
import { divisionName, divisionSplitsError, remainingTeams } from '../../../domain/season/divisionSplits';

interface DivisionSplitsModalProps {
  seasonName: string;
  joinedTeamsCount: number;
  splits: number[];
  busy: boolean;
  onChange: (index: number, value: number) => void;
  onAdd: () => void;
  onSave: () => void;
  onClose: () => void;
}

/**
 * The division splits editor (CLOSED seasons): teams per division, Remaining Teams below, Save enabled only when
 * Remaining Teams is 0 (and the splits are otherwise valid); divisions left at 0 are dropped on save.
 */
export function DivisionSplitsModal({ seasonName, joinedTeamsCount, splits, busy, onChange, onAdd, onSave, onClose }: DivisionSplitsModalProps) {
  const remaining = remainingTeams(splits, joinedTeamsCount);
  const error = remaining === 0 ? divisionSplitsError(splits, joinedTeamsCount) : null;
  return (
    <AppModal opened onClose={onClose} title={`Division Splits: ${seasonName}`} centered>
      <Stack gap="sm">
        {splits.map((value, index) => (
          <NumberInput
            key={index}
            label={divisionName(index)}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={value}
            onChange={(v) => onChange(index, Number(v) || 0)}
          />
        ))}
        <Button variant="subtle" onClick={onAdd} disabled={busy}>
          Add Division
        </Button>
        <Text fw={600} aria-live="polite">
          Remaining Teams: {remaining}
        </Text>
        {error && (
          <Text c="red" size="sm">
            {error}
          </Text>
        )}
        <FormActions onCancel={onClose} onSubmit={onSave} busy={busy} disabled={remaining !== 0 || error !== null} submitLabel="Save" />
      </Stack>
    </AppModal>
  );
}
