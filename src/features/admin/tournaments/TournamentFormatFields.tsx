import { Checkbox, FileInput, Group, MultiSelect, NumberInput, Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  GAMES,
  GAME_LABELS,
  PLATFORMS,
  PLATFORM_LABELS,
  SWITCHEROO_SIGNUP_LIMITS,
  SWITCHEROO_TYPES,
  TEAM_LIMITS,
  TOURNAMENT_TYPES,
} from '../../../domain/constants';
import type { TournamentFormValues } from '../../../../machines/rules/tournamentForm';

const TYPE_OPTIONS = TOURNAMENT_TYPES.map((t) => ({ value: t, label: t }));
const SWITCHEROO_OPTIONS = SWITCHEROO_TYPES.map((t) => ({ value: t, label: t }));
const SIGNUP_LIMIT_OPTIONS = SWITCHEROO_SIGNUP_LIMITS.map(String);
const TEAM_LIMIT_OPTIONS = TEAM_LIMITS.map(String);
const GAME_OPTIONS = GAMES.map((g) => ({ value: g, label: GAME_LABELS[g] }));
const PLATFORM_OPTIONS = PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p] }));

/**
 * A clear button so a choice can be undone (the required message then says what is missing). Mantine hides it
 * from assistive technology and the tab order by default; here it is a named, focusable button.
 */
const clearable = (what: string, enabled = true) =>
  enabled ? { clearable: true, clearButtonProps: { 'aria-label': `Clear ${what}`, 'aria-hidden': false, tabIndex: 0 } } : {};

interface Props {
  form: UseFormReturnType<TournamentFormValues>;
  /** Entry fee, type, switcheroo type and team limit are set once, when the tournament is created. */
  creating: boolean;
}

/** Entry fee, type and its limits, game, platforms, the optional switches and the logo. */
export function TournamentFormatFields({ form, creating }: Props) {
  const type = form.values.tournamentType;
  const createOnly = creating ? undefined : 'Set when the tournament is created';
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label="Entry fee"
          prefix="€"
          min={0}
          decimalScale={2}
          withAsterisk={creating}
          disabled={!creating}
          description={createOnly}
          {...form.getInputProps('entryFee')}
        />
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          allowDeselect={false}
          {...clearable('type')}
          withAsterisk={creating}
          disabled={!creating}
          description={createOnly}
          {...form.getInputProps('tournamentType')}
        />
        {type === 'SWITCHEROO' && (
          <Select
            label="Switcheroo type"
            data={SWITCHEROO_OPTIONS}
            allowDeselect={false}
            {...clearable('switcheroo type', creating)}
            withAsterisk={creating}
            disabled={!creating}
            {...form.getInputProps('switcherooType')}
          />
        )}
        {type === 'SWITCHEROO' && (
          <Select
            label="Sign up limit"
            data={SIGNUP_LIMIT_OPTIONS}
            allowDeselect={false}
            withAsterisk
            {...clearable('sign up limit')}
            {...form.getInputProps('signUpLimit')}
          />
        )}
        {type === 'TOURNAMENT' && (
          <Select
            label="Team limit"
            description={creating ? '1 means single players' : createOnly}
            data={TEAM_LIMIT_OPTIONS}
            allowDeselect={false}
            {...clearable('team limit', creating)}
            withAsterisk={creating}
            disabled={!creating}
            {...form.getInputProps('teamLimit')}
          />
        )}
        <Select label="Game" data={GAME_OPTIONS} allowDeselect={false} withAsterisk {...form.getInputProps('game')} />
      </SimpleGrid>
      <MultiSelect label="Platforms" data={PLATFORM_OPTIONS} withAsterisk {...form.getInputProps('platforms')} />
      <FileInput
        label="Logo"
        description="Optional banner image, no larger than 5MB"
        accept="image/png,image/jpeg,image/gif,image/webp"
        clearable
        {...form.getInputProps('logo')}
      />
      <Group gap="lg" mt="xs">
        <Checkbox label="Featured" {...form.getInputProps('featured', { type: 'checkbox' })} />
        <Checkbox label="Allow signups" {...form.getInputProps('allowSignups', { type: 'checkbox' })} />
        <Checkbox label="Allow score submission" {...form.getInputProps('allowScoreSubmission', { type: 'checkbox' })} />
      </Group>
    </>
  );
}
