import { Anchor, Card, Group as Row, SimpleGrid, Stack, Table, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'wouter';
import type { Season, SeasonTeam } from '../../api/contract/season';
import { countOf } from '../../domain/counts';
import { formatDate } from '../../domain/dates';
import { EmptyMessage } from '../../ui/EmptyMessage/EmptyMessage';

interface DivisionGroupsProps {
  season: Season;
  /** Staff: clicking a team edits a member's KR. */
  onTeamClick?: (team: SeasonTeam) => void;
}

/** A closed (or later) season: each division with its groups, every team with its record and average KR. */
export function DivisionGroups({ season, onTeamClick }: DivisionGroupsProps) {
  if (season.divisions.length === 0) {
    return (
      <EmptyMessage>
        The divisions are not set yet: the {countOf(season.joinedTeamsCount, 'team')} entered are split into divisions before the group stages
        start on {formatDate(season.startDate)}.
      </EmptyMessage>
    );
  }
  return (
    <Stack gap="xl">
      {season.divisions.map((d) => (
        <section key={d.id} aria-label={d.name}>
          <Row justify="space-between" mb="sm">
            <Title order={2}>
              {d.name} ({countOf(d.joinedTeamsCount, 'team')})
            </Title>
            {season.seasonType !== 'CLOSED' && (
              <Anchor component={Link} href={`/seasons/${season.id}/${d.id}`}>
                View Division
              </Anchor>
            )}
          </Row>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {d.groups.map((g) => (
              <Card key={g.id} withBorder>
                <Title order={3} size="h4" mb="xs">
                  {g.name}
                </Title>
                <Table aria-label={`${d.name} ${g.name}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>TEAM</Table.Th>
                      <Table.Th>W-L</Table.Th>
                      <Table.Th>AVG KR</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {g.teams.map((t) => (
                      <Table.Tr key={t.id}>
                        <Table.Td>
                          {onTeamClick ? (
                            <UnstyledButton onClick={() => onTeamClick(t)} td="underline dotted" title="Edit a member's KR">
                              {t.name}
                            </UnstyledButton>
                          ) : (
                            <Anchor component={Link} href={`/teams/${t.id}`}>
                              {t.name}
                            </Anchor>
                          )}
                        </Table.Td>
                        <Table.Td>
                          {t.divisionWins}-{t.divisionLosses}
                        </Table.Td>
                        <Table.Td>{Math.round(t.averageKR)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Card>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
