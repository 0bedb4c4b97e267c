import { Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { AppModal } from '../../ui/AppModal/AppModal';
import { FormActions } from '../../ui/FormActions/FormActions';
import type { TournamentMatch } from '../../api/contract/tournament';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useMachineWith } from '../../ui/useMachineWith';
import { SUCCESS } from '../../domain/messages';
import { changeableSides, changeEntriesMachine } from '../../../machines/flows/changeEntriesMachine';
import { sideView } from '../../shared/matches/matchSides';

interface ChangeTeamsProps {
  match: TournamentMatch;
  onChanged: (match: TournamentMatch) => void;
}

/** CHANGE TEAMS (staff): a dialog to pick, for each seeded side, another entry of the tournament. */
export function ChangeTeams({ match, onChanged }: ChangeTeamsProps) {
  const [snapshot, send] = useMachineWith(changeEntriesMachine, {
    input: { match },
    actions: {
      notifyChanged: () => notifySuccess(SUCCESS.matchEntriesChanged),
      changed: (_, { match: changed }) => onChanged(changed),
      reportError: (_, { error }) => notifyError(error),
    },
  });
  const { entries, choice } = snapshot.context;
  const sides = changeableSides(match);
  const options = entries.map((e) => ({ value: String(e.id), label: e.name ?? e.discordName ?? `Entry ${e.id}` }));
  const saving = snapshot.matches('saving');
  return (
    <>
      <Button variant="default" onClick={() => send({ type: 'entries.open' })}>
        CHANGE TEAMS
      </Button>
      <AppModal opened={!snapshot.matches('closed')} onClose={() => send({ type: 'entries.cancel' })} title="Change teams" large centered>
        {snapshot.matches('loading') ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">Loading...</Text>
          </Group>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              send({ type: 'entries.save' });
            }}
          >
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                Choose the entries that play match {match.matchNumber}. Only round 1 sides can be changed; later sides follow the results.
              </Text>
              {(['A', 'B'] as const).map((side) =>
                sides.includes(side) ? (
                  <Select
                    key={side}
                    label={`Entry ${side}`}
                    data={options}
                    searchable
                    nothingFoundMessage="No entry found"
                    value={choice[side] === null ? null : String(choice[side])}
                    onChange={(v) => send({ type: 'entries.choose', side, entryId: v === null ? null : Number(v) })}
                    disabled={saving}
                    comboboxProps={{ withinPortal: true }}
                  />
                ) : (
                  <Text key={side} size="sm">
                    Entry {side}: {sideView(match, side).name} (follows the result of an earlier match)
                  </Text>
                ),
              )}
              <FormActions onCancel={() => send({ type: 'entries.cancel' })} busy={saving} disabled={!snapshot.can({ type: 'entries.save' })} submitLabel="Save" />
            </Stack>
          </form>
        )}
      </AppModal>
    </>
  );
}
