import { Anchor, Stack, Table, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { Season } from '../../api/contract/season';
import { countOf } from '../../domain/counts';
import { formatDate } from '../../domain/dates';
import { entryClosesAt, seasonEntryOpen } from '../../domain/season/seasonDates';

/** What happens before an OPEN season has divisions, in plain words (entry, then the split, then the group stages). */
function nextSteps(season: Season, now: number) {
  const entry = seasonEntryOpen(season, now)
    ? `Teams can join until ${formatDate(entryClosesAt(season.startDate))}.`
    : 'Entry to this season has closed.';
  const teams = countOf(season.joinedTeamsCount, 'team');
  return `${entry} Then signups close and the ${teams} entered are split into divisions, each with a Group A and a Group B; the group stages start on ${formatDate(season.startDate)}. The divisions appear here as soon as they are set.`;
}

/** An OPEN season's divisions: name, team count and View Division; before there are any, what comes next. */
export function DivisionTable({ season }: { season: Season }) {
  const none = season.divisions.length === 0;
  return (
    <Stack gap="xs">
      <Table striped aria-label="Divisions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>DIVISION</Table.Th>
            <Table.Th>TEAMS</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {none ? (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text ta="center" c="dimmed" fw={600} py="sm" role="status" component="div">
                  No divisions yet
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            season.divisions.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.name}</Table.Td>
                <Table.Td>{d.joinedTeamsCount}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} href={`/seasons/${season.id}/${d.id}`}>
                    View Division
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
      {none && <Text size="sm">{nextSteps(season, Date.now())}</Text>}
    </Stack>
  );
}
