import { Button, Table, Text } from '@mantine/core';
import { Link } from 'wouter';
import type { SeasonMatch } from '../../api/contract/season';
import { seasonRoundName } from '../../domain/season/playoffBracket';
import { isSeasonBye, seasonResult } from '../../domain/season/seasonResult';
import { DateText } from '../../ui/DateText/DateText';
import { seasonSideView } from '../../shared/matches/seasonMatchSides';

/** The team's name, "bye" or "???" (as the match page reads the side). */
const teamName = (m: SeasonMatch, side: 'A' | 'B') => seasonSideView(m, side).name;

/** "3 : 1" once decided, "no match" for a bye (nothing is played), otherwise "- : -". */
function scoreLine(m: SeasonMatch) {
  if (isSeasonBye(m)) return 'no match';
  const result = seasonResult(m);
  return result ? `${result[0]} : ${result[1]}` : '- : -';
}

/** A list of league matches: round, both teams, score, due date and a VIEW link to /match/{id}. */
export function SeasonMatchTable({ matches, label, empty }: { matches: readonly SeasonMatch[]; label: string; empty: string }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ROUND</Table.Th>
            <Table.Th>TEAM A</Table.Th>
            <Table.Th>SCORE</Table.Th>
            <Table.Th>TEAM B</Table.Th>
            <Table.Th>DUE BY</Table.Th>
            <Table.Th>VIEW</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {matches.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text ta="center" c="dimmed" py="sm" role="status" component="div">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            matches.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{m.matchNumber !== null ? `${seasonRoundName(m.roundType)} · Match ${m.matchNumber}` : seasonRoundName(m.roundType)}</Table.Td>
                <Table.Td fw={m.winningTeam === 'TeamA' ? 700 : undefined}>{teamName(m, 'A')}</Table.Td>
                <Table.Td>{scoreLine(m)}</Table.Td>
                <Table.Td fw={m.winningTeam === 'TeamB' ? 700 : undefined}>{teamName(m, 'B')}</Table.Td>
                <Table.Td>{m.dueByDate === null ? 'NO DUE BY DATE SET' : <DateText value={m.dueByDate} />}</Table.Td>
                <Table.Td>
                  <Button component={Link} href={`/match/${m.id}`} size="compact-sm" variant="light" aria-label={`View ${teamName(m, 'A')} vs ${teamName(m, 'B')}`}>
                    VIEW
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
