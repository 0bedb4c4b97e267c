import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ScoreDraft, ScoreErrors, ScoreSide } from '../../../machines/flows/scoreSubmissionMachine';
import classes from './MatchPage.module.css';

export interface ScoreFieldsProps {
  names: [string, string];
  draft: ScoreDraft;
  errors: ScoreErrors;
  disabled?: boolean;
  /** Prefix of the field labels ("Score for", "Confirm score for"). */
  labelPrefix: string;
  onChange: (side: ScoreSide, value: string) => void;
}

/** The two score inputs (0–3, required) with their messages, and the form-level message below them. */
export function ScoreFields({ names, draft, errors, disabled, labelPrefix, onChange }: ScoreFieldsProps) {
  const field = (side: ScoreSide, name: string, autofocus: boolean) => (
    <TextInput
      className={classes.scoreInput}
      label={`${labelPrefix} ${name}`}
      withAsterisk
      inputMode="numeric"
      autoComplete="off"
      maxLength={2}
      value={draft[side]}
      error={errors[side]}
      disabled={disabled}
      // The first field takes the focus when the form or the dialog opens (the button that opened it is gone).
      autoFocus={autofocus}
      data-autofocus={autofocus || undefined}
      onChange={(e) => onChange(side, e.currentTarget.value)}
    />
  );
  return (
    <Stack gap="xs">
      <Group align="start" grow wrap="nowrap">
        {field('A', names[0], true)}
        {field('B', names[1], false)}
      </Group>
      {errors.form && (
        <Text c="red" size="sm" role="alert">
          {errors.form}
        </Text>
      )}
    </Stack>
  );
}

interface ScoreFormProps extends Omit<ScoreFieldsProps, 'labelPrefix' | 'disabled'> {
  title: string;
  hint: string;
  submitLabel: string;
  status: 'editing' | 'busy' | 'failed';
  onSubmit: () => void;
  onCancel: () => void;
  onRetry: () => void;
}

/** The score panel under the entries: enter both scores, then continue (or, after a failure, retry or cancel). */
export function ScoreForm({ title, hint, submitLabel, status, onSubmit, onCancel, onRetry, ...fields }: ScoreFormProps) {
  return (
    <Paper withBorder radius="md" p="lg" className={classes.panel} component="section" aria-label={title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (status === 'editing') onSubmit();
        }}
      >
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          </Stack>
          <ScoreFields {...fields} labelPrefix="Score for" disabled={status !== 'editing'} />
          {status === 'failed' && (
            <Alert color="red" variant="light" title="The score was not saved">
              Try again, or cancel to reload the match.
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={status === 'busy'}>
              Cancel
            </Button>
            {status === 'failed' ? (
              <Button onClick={onRetry}>Try again</Button>
            ) : (
              <Button type="submit" loading={status === 'busy'}>
                {submitLabel}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
