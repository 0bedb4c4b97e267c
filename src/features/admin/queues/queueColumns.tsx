import { Anchor, Button, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'wouter';
import type { SeasonQueueMatch } from '../../../api/contract/season';
import type { TournamentQueueMatch } from '../../../api/contract/tournament';
import type { MatchQueueKind } from '../../../domain/constants';
import { DateText } from '../../../ui/DateText/DateText';

type Side = 'A' | 'B';

/** An entry of a queue row: the team's name, the player's Discord name, or a predefined name. */
export function queueEntryName(row: TournamentQueueMatch, side: Side): string {
  const team = side === 'A' ? row.teamA : row.teamB;
  const user = side === 'A' ? row.userA : row.userB;
  const defined = side === 'A' ? row.definedEntryA : row.definedEntryB;
  return team?.name ?? user?.discordName ?? defined ?? '???';
}

function EntryCell({ row, side, marks }: { row: TournamentQueueMatch; side: Side; marks: boolean }) {
  const submitted = side === 'A' ? row.entryASubmitted : row.entryBSubmitted;
  return (
    <Text size="sm">
      {queueEntryName(row, side)}
      {marks && <SubmittedMark submitted={submitted} />}
    </Text>
  );
}

const DueBy = ({ due }: { due: number | null }) => (due === null ? <Text size="sm">NO DUE BY DATE SET</Text> : <DateText value={due} />);

/** A side's mark in the incomplete queue: whether it has reported. */
const SubmittedMark = ({ submitted }: { submitted: boolean }) => (
  <Text span size="sm" c={submitted ? 'green' : 'yellow'} ml={6}>
    {submitted ? '(submitted)' : '(pending)'}
  </Text>
);

const column = createColumnHelper<TournamentQueueMatch>();

/** TOURNAMENT, DUE BY, ENTRY A, ENTRY B, VIEW; the incomplete queue marks each side (submitted) or (pending). */
export function queueColumns(kind: MatchQueueKind) {
  const marks = kind === 'incomplete';
  return [
    column.display({
      id: 'tournament',
      header: 'TOURNAMENT',
      cell: ({ row }) => (
        <Anchor component={Link} href={`/tournaments/${row.original.tournament.id}`} fw={600} size="sm">
          {row.original.tournament.title}
        </Anchor>
      ),
    }),
    column.accessor('dueByDate', { header: 'DUE BY', cell: (c) => <DueBy due={c.getValue()} /> }),
    column.display({ id: 'entryA', header: 'ENTRY A', cell: ({ row }) => <EntryCell row={row.original} side="A" marks={marks} /> }),
    column.display({ id: 'entryB', header: 'ENTRY B', cell: ({ row }) => <EntryCell row={row.original} side="B" marks={marks} /> }),
    column.display({
      id: 'view',
      header: 'VIEW',
      cell: ({ row }) => (
        <Button
          component={Link}
          href={`/tournaments/${row.original.tournament.id}/match/${row.original.id}`}
          size="compact-sm"
          variant="light"
          aria-label={`View ${queueEntryName(row.original, 'A')} vs ${queueEntryName(row.original, 'B')} (${row.original.tournament.title})`}
        >
          VIEW
        </Button>
      ),
    }),
  ];
}

const seasonTeamName = (m: SeasonQueueMatch, side: Side) => (side === 'A' ? m.teamA : m.teamB)?.name ?? '???';

function TeamCell({ row, side, marks }: { row: SeasonQueueMatch; side: Side; marks: boolean }) {
  return (
    <Text size="sm">
      {seasonTeamName(row, side)}
      {marks && <SubmittedMark submitted={side === 'A' ? row.teamASubmitted : row.teamBSubmitted} />}
    </Text>
  );
}

const seasonColumn = createColumnHelper<SeasonQueueMatch>();

/** SEASON, DUE BY, TEAM A, TEAM B, VIEW; the incomplete queue marks each side (submitted) or (pending). */
export function seasonQueueColumns(kind: MatchQueueKind) {
  const marks = kind === 'incomplete';
  return [
    seasonColumn.display({
      id: 'season',
      header: 'SEASON',
      cell: ({ row }) => (
        <Anchor component={Link} href={`/seasons/${row.original.season.id}`} fw={600} size="sm">
          {row.original.season.name}
        </Anchor>
      ),
    }),
    seasonColumn.accessor('dueByDate', { header: 'DUE BY', cell: (c) => <DueBy due={c.getValue()} /> }),
    seasonColumn.display({ id: 'teamA', header: 'TEAM A', cell: ({ row }) => <TeamCell row={row.original} side="A" marks={marks} /> }),
    seasonColumn.display({ id: 'teamB', header: 'TEAM B', cell: ({ row }) => <TeamCell row={row.original} side="B" marks={marks} /> }),
    seasonColumn.display({
      id: 'view',
      header: 'VIEW',
      cell: ({ row }) => (
        <Button
          component={Link}
          href={`/match/${row.original.id}`}
          size="compact-sm"
          variant="light"
          aria-label={`View ${seasonTeamName(row.original, 'A')} vs ${seasonTeamName(row.original, 'B')} (${row.original.season.name})`}
        >
          VIEW
        </Button>
      ),
    }),
  ];
}
