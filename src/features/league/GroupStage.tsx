import { Anchor, Card, SimpleGrid, Stack, Table, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { DivisionDetail, SeasonMatch, SeasonTeam } from '../../api/contract/season';
import { SeasonMatchTable } from './SeasonMatchTable';

interface GroupView {
  name: string;
  id: number | null;
  teams: SeasonTeam[];
  upcoming: SeasonMatch[];
}

/** A group's card: its standings (the server's order: divisionWins − divisionLosses, best first), upcoming matches, a link to all. */
function GroupCard({ group }: { group: GroupView }) {
  return (
    <Card withBorder component="section" aria-label={group.name}>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {group.name}
        </Title>
        <Table aria-label={`${group.name} standings`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>TEAM</Table.Th>
              <Table.Th>WINS</Table.Th>
              <Table.Th>LOSSES</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.teams.map((t, i) => (
              <Table.Tr key={t.id}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} href={`/teams/${t.id}`}>
                    {t.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>{t.divisionWins}</Table.Td>
                <Table.Td>{t.divisionLosses}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Title order={3} size="h5">
          Upcoming Matches
        </Title>
        <SeasonMatchTable matches={group.upcoming} label={`${group.name} upcoming matches`} empty="No upcoming matches" />
        {group.id !== null && (
          <Anchor component={Link} href={`/group/${group.id}`}>
            View All Group Matches
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}

/** The division page's group-stage view: Group A and Group B. */
export function GroupStage({ division: d }: { division: DivisionDetail }) {
  const groups: GroupView[] = [
    { name: 'Group A', id: d.groupAId, teams: d.groupATeams, upcoming: d.groupAUpcoming },
    { name: 'Group B', id: d.groupBId, teams: d.groupBTeams, upcoming: d.groupBUpcoming },
  ];
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      {groups.map((g) => (
        <GroupCard key={g.name} group={g} />
      ))}
    </SimpleGrid>
  );
}
