import { Anchor, Center, Loader, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { DivisionDetail } from '../../api/contract/season';
import { getDivision } from '../../api/endpoints/seasons';
import { fromSeasonMatches } from '../../bracket/fromSeason';
import { playoffSeeds } from '../../domain/season/playoffBracket';
import { DataLoader } from '../../ui/DataLoader/DataLoader';
import { NotFound } from '../../ui/NotFound/NotFound';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { orNotFound, parseId } from '../../ui/routeParams';
import { GroupStage } from './GroupStage';

// Pixi and the canvas engine load only when a division shows its bracket.
const BracketView = lazy(() => import('../../bracket/BracketView'));

/** The playoff bracket on the tournament canvas: the 15 numbered matches (Grand Final 2 only once it exists). */
function PlayoffBracket({ division: d }: { division: DivisionDetail }) {
  const [, navigate] = useLocation();
  const view = fromSeasonMatches(d.elimMatches, playoffSeeds(d.groupATeams, d.groupBTeams).length);
  return (
    <Stack gap="sm">
      <Anchor component={Link} href={`/division/${d.id}`} fw={600}>
        View All Matches
      </Anchor>
      <Suspense
        fallback={
          <Center py="xl">
            <Loader size="sm" />
          </Center>
        }
      >
        <BracketView matches={view} matchHref={(id) => `/match/${id}`} onOpenMatch={(id) => navigate(`/match/${id}`)} />
      </Suspense>
    </Stack>
  );
}

/** /seasons/{seasonId}/{divisionId}: the group-stage view, or the playoff bracket once the division has one. */
export function DivisionPage() {
  const params = useParams<{ seasonId: string; divisionId: string }>();
  const seasonId = parseId(params.seasonId);
  const divisionId = parseId(params.divisionId);
  if (seasonId === null || divisionId === null) return <NotFound />;
  return (
    // A division that no longer exists (its season's divisions were made again) is not found, not a failed load.
    <DataLoader<DivisionDetail | null> key={divisionId} load={orNotFound(() => getDivision(divisionId))}>
      {(d) =>
        d === null || d.seasonId !== seasonId ? (
          <NotFound />
        ) : (
          <>
            <PageTitle>{d.name}</PageTitle>
            <Anchor component={Link} href={`/seasons/${seasonId}`} mt={-16} mb="md" fw={600} display="inline-block">
              Back to the season
            </Anchor>
            {d.elimMatches.length > 0 ? <PlayoffBracket division={d} /> : <GroupStage division={d} />}
          </>
        )
      }
    </DataLoader>
  );
}
