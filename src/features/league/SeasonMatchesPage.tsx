import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'wouter';
import type { SeasonMatch } from '../../api/contract/season';
import { getDivisionMatches, getGroupMatches } from '../../api/endpoints/seasonMatches';
import { DataLoader } from '../../ui/DataLoader/DataLoader';
import { NotFound } from '../../ui/NotFound/NotFound';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { orNotFound, parseId } from '../../ui/routeParams';
import { SeasonMatchTable } from './SeasonMatchTable';

/** Completed (decided) and Pending lists of a division's or a group's league matches. */
function MatchLists({ title, matches }: { title: string; matches: SeasonMatch[] }) {
  const completed = matches.filter((m) => m.winningTeam !== null);
  const pending = matches.filter((m) => m.winningTeam === null);
  const season = matches[0];
  return (
    <Stack gap="lg">
      <PageTitle>{title}</PageTitle>
      {season && (
        <Anchor component={Link} href={`/seasons/${season.seasonId}`} mt={-24} fw={600}>
          {season.seasonName}
        </Anchor>
      )}
      <Stack gap="xs" component="section" aria-labelledby="matches-completed">
        <Title order={2} size="h3" id="matches-completed">
          Completed
        </Title>
        <SeasonMatchTable matches={completed} label="Completed" empty="No completed matches" />
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="matches-pending">
        <Title order={2} size="h3" id="matches-pending">
          Pending
        </Title>
        <SeasonMatchTable matches={pending} label="Pending" empty="No pending matches" />
      </Stack>
    </Stack>
  );
}

/** /division/{divisionId}: the division's playoff matches. */
export function DivisionMatchesPage() {
  const id = parseId(useParams<{ divisionId: string }>().divisionId);
  if (id === null) return <NotFound />;
  return (
    <DataLoader<SeasonMatch[] | null> key={id} load={orNotFound(() => getDivisionMatches(id))}>
      {(matches) => (matches ? <MatchLists title="Division Matches" matches={matches} /> : <NotFound />)}
    </DataLoader>
  );
}

/** /group/{groupId}: the group's matches. */
export function GroupMatchesPage() {
  const id = parseId(useParams<{ groupId: string }>().groupId);
  if (id === null) return <NotFound />;
  return (
    <DataLoader<SeasonMatch[] | null> key={id} load={orNotFound(() => getGroupMatches(id))}>
      {(matches) => (matches ? <MatchLists title="Group Matches" matches={matches} /> : <NotFound />)}
    </DataLoader>
  );
}
