import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { HallOfFameEntry } from '../../api/contract/tournament';
import { getHallOfFame } from '../../api/endpoints/tournaments';
import { DataLoader } from '../../ui/DataLoader/DataLoader';
import { DateText } from '../../ui/DateText/DateText';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { EmptyMessage } from '../../ui/EmptyMessage/EmptyMessage';
import { typeLabel } from '../../domain/tournamentLabels';
import { isSoloTournament } from './format';

/** Where a winner links: the player for single-player tournaments, otherwise the tournament team page. */
export function winnerHref(t: HallOfFameEntry): string | null {
  if (t.winningEntryId == null) return null;
  return isSoloTournament(t) ? `/players/${t.winningEntryId}` : `/tournaments/${t.id}/${t.winningEntryId}`;
}

function Winner({ tournament }: { tournament: HallOfFameEntry }) {
  const href = winnerHref(tournament);
  // A predefined entry can win: it has a name but no page.
  if (!href) return tournament.winningEntryName ? <Text fw={700}>{tournament.winningEntryName}</Text> : <Text c="dimmed">To be decided</Text>;
  return (
    <Anchor component={Link} href={href} fw={700}>
      {tournament.winningEntryName ?? 'Winner'}
    </Anchor>
  );
}

/** Completed tournaments and their winners: name, type, end date, winner. */
export function HallOfFamePage() {
  return (
    <>
      <PageTitle
        actions={
          <Anchor component={Link} href="/tournaments">
            Upcoming tournaments
          </Anchor>
        }
      >
        Hall of Fame
      </PageTitle>
      <DataLoader load={getHallOfFame}>
        {(rows) =>
          rows.length === 0 ? (
            <EmptyMessage>No tournament has been won yet</EmptyMessage>
          ) : (
            <Table.ScrollContainer minWidth={600}>
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>NAME</Table.Th>
                    <Table.Th>TYPE</Table.Th>
                    <Table.Th>END DATE</Table.Th>
                    <Table.Th>WINNER</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((t) => (
                    <Table.Tr key={t.id}>
                      <Table.Td>
                        <Anchor component={Link} href={`/tournaments/${t.id}/details`} c="inherit" fw={600}>
                          {t.title}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={t.tournamentType === 'SWITCHEROO' ? 'grape' : 'blue'}>
                          {t.tournamentType === 'SWITCHEROO' ? 'Switcheroo' : typeLabel({ ...t, switcherooType: 'SINGLES' })}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <DateText value={t.endDate} />
                      </Table.Td>
                      <Table.Td>
                        <Winner tournament={t} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        }
      </DataLoader>
    </>
  );
}
