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

/** One titled list of matches (its table is labelled by the title). */
function MatchSection({ title, matches, empty }: { title: string; matches: SeasonMatch[]; empty: string }) {
  const id = `matches-${title.toLowerCase()}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <SeasonMatchTable matches={matches} label={title} empty={empty} />
    </Stack>
  );
}

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
      <MatchSection title="Completed" matches={completed} empty="No completed matches" />
      <MatchSection title="Pending" matches={pending} empty="No pending matches" />
      {byes.length > 0 && <MatchSection title="Byes" matches={byes} empty="" />}
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
