import { Anchor, Table } from '@mantine/core';
import { Link } from 'wouter';
import type { Season } from '../../api/contract/season';
import { EmptyMessage } from '../../ui/EmptyMessage/EmptyMessage';

/** An OPEN season's divisions: name, team count and View Division. */
export function DivisionTable({ season }: { season: Season }) {
  if (season.divisions.length === 0) return <EmptyMessage>Divisions are set once signups close</EmptyMessage>;
  return (
    <Table striped aria-label="Divisions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>DIVISION</Table.Th>
          <Table.Th>TEAMS</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {season.divisions.map((d) => (
          <Table.Tr key={d.id}>
            <Table.Td>{d.name}</Table.Td>
            <Table.Td>{d.joinedTeamsCount}</Table.Td>
            <Table.Td>
              <Anchor component={Link} href={`/seasons/${season.id}/${d.id}`}>
                View Division
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
