import { ActionIcon, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Draft, DraftEdit } from '../../../../machines/rules/definedEntriesDraft';

interface Props {
  draft: Draft;
  disabled: boolean;
  onEdit: (edit: DraftEdit) => void;
}

const RemoveButton = ({ label, onClick, disabled }: { label: string; onClick: () => void; disabled: boolean }) => (
  <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick} disabled={disabled}>
    <span aria-hidden>✕</span>
  </ActionIcon>
);

/** Custom players and custom teams (a name and its members). Rows left blank are ignored when saving. */
export function DefinedEntriesEditor({ draft, disabled, onEdit }: Props) {
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={3}>Custom players</Title>
        {draft.users.length === 0 && <Text c="dimmed">No custom players.</Text>}
        {draft.users.map((u, i) => (
          <Group key={u.key} gap="xs" wrap="nowrap">
            <TextInput
              flex={1}
              aria-label={`Player ${i + 1}`}
              placeholder="Player name"
              maxLength={60}
              value={u.name}
              disabled={disabled}
              onChange={(e) => onEdit({ type: 'user.change', key: u.key, name: e.currentTarget.value })}
            />
            <RemoveButton label={`Remove player ${i + 1}`} disabled={disabled} onClick={() => onEdit({ type: 'user.remove', key: u.key })} />
          </Group>
        ))}
        <Group>
          <Button variant="light" onClick={() => onEdit({ type: 'user.add' })} disabled={disabled}>
            Add Player
          </Button>
        </Group>
      </Stack>
      <Stack gap="xs">
        <Title order={3}>Custom teams</Title>
        {draft.teams.length === 0 && <Text c="dimmed">No custom teams.</Text>}
        {draft.teams.map((t, i) => (
          <Card key={t.key} withBorder padding="sm">
            <Group gap="xs" wrap="nowrap">
              <TextInput
                flex={1}
                aria-label={`Team ${i + 1}`}
                placeholder="Team name"
                maxLength={60}
                value={t.name}
                disabled={disabled}
                onChange={(e) => onEdit({ type: 'team.change', key: t.key, name: e.currentTarget.value })}
              />
              <RemoveButton label={`Remove team ${i + 1}`} disabled={disabled} onClick={() => onEdit({ type: 'team.remove', key: t.key })} />
            </Group>
            <Stack gap={6} mt="xs" pl="lg">
              {t.members.map((m, j) => (
                <Group key={m.key} gap="xs" wrap="nowrap">
                  <TextInput
                    flex={1}
                    size="xs"
                    aria-label={`Team ${i + 1} member ${j + 1}`}
                    placeholder="Member name"
                    maxLength={60}
                    value={m.name}
                    disabled={disabled}
                    onChange={(e) => onEdit({ type: 'member.change', teamKey: t.key, key: m.key, name: e.currentTarget.value })}
                  />
                  <RemoveButton
                    label={`Remove team ${i + 1} member ${j + 1}`}
                    disabled={disabled}
                    onClick={() => onEdit({ type: 'member.remove', teamKey: t.key, key: m.key })}
                  />
                </Group>
              ))}
              <Group>
                <Button size="xs" variant="subtle" onClick={() => onEdit({ type: 'member.add', teamKey: t.key })} disabled={disabled}>
                  Add Member
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
        <Group>
          <Button variant="light" onClick={() => onEdit({ type: 'team.add' })} disabled={disabled}>
            Add Team
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
