import { Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { testEloMachine, type EloSide } from '../../../../machines/flows/testEloMachine';
import { notifyError } from '../../../ui/notify';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { useMachineWith } from '../../../ui/useMachineWith';

type TestElo = ReturnType<typeof useTestElo>;
const useTestElo = () => useMachineWith(testEloMachine, { actions: { reportError: (_, { error }) => notifyError(error) } });

/** One side: its team score and up to 6 existing ranks, each with its calculated rank beside it. */
function EloSideCard({ side, elo: [snapshot, send] }: { side: EloSide; elo: TestElo }) {
  const { draft, errors, results } = snapshot.context;
  const busy = snapshot.matches('calculating');
  return (
    <Card withBorder component="section" aria-label={`Team ${side}`}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Team {side}
        </Title>
        <TextInput
          label={`Team ${side} score`}
          withAsterisk
          inputMode="numeric"
          value={draft[side].score}
          error={errors[`${side}.score`]}
          disabled={busy}
          onChange={(e) => send({ type: 'score.change', side, value: e.currentTarget.value })}
        />
        {draft[side].ranks.map((rank, row) => {
          const calculated = results?.[side][row] ?? null;
          return (
            <Group key={row} align="flex-end" wrap="nowrap">
              <TextInput
                flex={1}
                label={`Team ${side} rank ${row + 1}`}
                withAsterisk={row === 0}
                inputMode="numeric"
                value={rank}
                error={errors[`${side}.rank${row}`]}
                disabled={busy}
                onChange={(e) => send({ type: 'rank.change', side, row, value: e.currentTarget.value })}
              />
              <Text w={140} pb={8} aria-label={`Calculated rank ${row + 1} of team ${side}`} fw={700}>
                {calculated === null ? '–' : Math.round(calculated * 100) / 100}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}

/** /admin/test-elo: try a result on two sides' existing ranks and read the ranks it would give (one call per player). */
export function TestEloPage() {
  const elo = useTestElo();
  const [snapshot, send] = elo;
  return (
    <Stack gap="md">
      <PageTitle>Test Elo</PageTitle>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <EloSideCard side="A" elo={elo} />
        <EloSideCard side="B" elo={elo} />
      </SimpleGrid>
      {snapshot.context.errors.form && (
        <Text c="red" role="alert">
          {snapshot.context.errors.form}
        </Text>
      )}
      <Group>
        <Button loading={snapshot.matches('calculating')} onClick={() => send({ type: 'elo.calculate' })}>
          Calculate
        </Button>
      </Group>
    </Stack>
  );
}
