import { Alert, Button, Group, Stack } from '@mantine/core';
import { Link } from 'wouter';
import type { Tournament } from '../../../api/contract/tournament';
import { EntriesPagedList } from './EntriesPagedList';

/**
 * A tournament in play or finished: the winner, the way to the bracket, and the entries ranked by record from the
 * public list. A SWITCHEROO is played by the teams its players were paired into: they are ranked, and the players'
 * sign-ups follow in a list of their own.
 */
export function ResultsView({ tournament: t, staff }: { tournament: Tournament; staff: boolean }) {
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        {t.status === 'COMPLETED' && t.winningEntryName ? (
          <Alert color="yellow" variant="light" title="Winner" py="xs">
            {t.winningEntryName}
          </Alert>
        ) : (
          <span />
        )}
        <Button component={Link} href={`/tournaments/${t.id}`} variant="light">
          BRACKET
        </Button>
      </Group>
      {t.tournamentType === 'SWITCHEROO' ? (
        <>
          <EntriesPagedList tournament={t} label="Teams" kind="teams" staff={staff} ranked />
          <EntriesPagedList tournament={t} label="Players" kind="players" staff={staff} ranked={false} />
        </>
      ) : (
        <EntriesPagedList tournament={t} label="Standings" staff={staff} ranked />
      )}
    </Stack>
  );
}
