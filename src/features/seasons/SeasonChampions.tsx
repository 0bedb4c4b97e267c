import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { DivisionPlacing, Season } from '../../api/contract/season';

const PLACES = [
  { place: 1, header: 'CHAMPION', medal: 'Gold', color: '#ffd43b' },
  { place: 2, header: 'RUNNER-UP', medal: 'Silver', color: '#c0c0c0' },
  { place: 3, header: 'THIRD', medal: 'Bronze', color: '#cd7f32' },
] as const;

function Placed({ placing, medal, color }: { placing: DivisionPlacing | undefined; medal: string; color: string }) {
  if (!placing) return <Text c="dimmed">–</Text>;
  return (
    <Anchor component={Link} href={`/teams/${placing.team.id}`} fw={placing.place === 1 ? 800 : 600} aria-label={`${placing.team.name} (${medal.toLowerCase()})`}>
      <span aria-hidden style={{ color }}>
        ●
      </span>{' '}
      {placing.team.name}
    </Anchor>
  );
}

/**
 * Each division's champion, runner-up and third (the gold, silver and bronze the season's completion awards), the way
 * the hall of fame lists tournament winners. Shown once some division has its champion.
 */
export function SeasonChampions({ season }: { season: Season }) {
  const decided = season.divisions.filter((d) => d.placings.length > 0);
  if (decided.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="season-champions">
      <Title order={2} id="season-champions">
        {season.seasonType === 'COMPLETE' ? 'Final Ranks' : 'Division Champions'}
      </Title>
      <Table.ScrollContainer minWidth={520}>
        <Table striped verticalSpacing="sm" aria-label="Division champions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>DIVISION</Table.Th>
              {PLACES.map((p) => (
                <Table.Th key={p.place}>{p.header}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {decided.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td fw={600}>{d.name}</Table.Td>
                {PLACES.map((p) => (
                  <Table.Td key={p.place}>
                    <Placed placing={d.placings.find((x) => x.place === p.place)} medal={p.medal} color={p.color} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
