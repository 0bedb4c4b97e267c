import { Anchor, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'wouter';
import type { SeasonMatch } from '../../api/contract/season';
import { getDivisionMatches, getGroupMatches } from '../../api/endpoints/seasonMatches';
import { DataLoader } from '../../ui/DataLoader/DataLoader';
import { NotFound } from '../../ui/NotFound/NotFound';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { orNotFound, parseId } from '../../ui/routeParams';
import { isSeasonBye } from '../../domain/season/seasonResult';
import { SeasonMatchTable } from './SeasonMatchTable';

/**
 * Completed (decided) and Pending lists of a division's or a group's league matches. A bye is no played result: the
 * playoff byes of a small division are listed apart, under Byes.
 */
function MatchLists({ title, matches }: { title: string; matches: SeasonMatch[] }) {
  const byes = matches.filter(isSeasonBye);
  const played = matches.filter((m) => !isSeasonBye(m));
  const completed = played.filter((m) => m.winningTeam !== null);
  const pending = played.filter((m) => m.winningTeam === null);
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
      {byes.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="matches-byes">
          <Title order={2} size="h3" id="matches-byes">
            Byes
          </Title>
          <SeasonMatchTable matches={byes} label="Byes" empty="" />
        </Stack>
      )}
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
