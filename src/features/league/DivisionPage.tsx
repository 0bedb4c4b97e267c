import { Anchor, Center, Group, Loader, Stack } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { ApiError } from '../../api/client';
import type { DivisionDetail } from '../../api/contract/season';
import { fromSeasonMatches } from '../../bracket/fromSeason';
import { CONFIRM, SUCCESS } from '../../domain/messages';
import { playoffSeeds } from '../../domain/season/playoffBracket';
import { LoadFailedState, LoadingState } from '../../ui/DataLoader/LoadStates';
import { LiveStatus } from '../../ui/LiveStatus/LiveStatus';
import { NotFound } from '../../ui/NotFound/NotFound';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { parseId } from '../../ui/routeParams';
import { isStaffRole, useSessionUser } from '../../ui/session';
import { useLoadingMachineWith } from '../../ui/useMachineWith';
import { divisionPageMachine } from '../../../machines/flows/divisionPageMachine';
import { ResetBracketButton, ResetBracketDialog } from '../../shared/bracket/ResetBracket';
import { GroupStage } from './GroupStage';
import { CopyEmbedCode } from '../../shared/embed/CopyEmbedCode';

// Pixi and the canvas engine load only when a division shows its bracket.
const BracketView = lazy(() => import('../../bracket/BracketView'));

/** The playoff bracket on the tournament canvas: the 15 numbered matches (Grand Final 2 only once it exists). */
function PlayoffBracket({ division: d }: { division: DivisionDetail }) {
  const [, navigate] = useLocation();
  // A new array only when the division changed: the canvas redraws on new data.
  const view = useMemo(() => fromSeasonMatches(d.elimMatches, playoffSeeds(d.groupATeams, d.groupBTeams).length), [d]);
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Anchor component={Link} href={`/division/${d.id}`} fw={600}>
          View All Matches
        </Anchor>
        <CopyEmbedCode kind="division" id={d.id} title={d.name} />
      </Group>
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
  const isStaff = isStaffRole(useSessionUser()?.role);
  if (seasonId === null || divisionId === null) return <NotFound />;
  return <DivisionScreen key={`${divisionId}/${isStaff}`} seasonId={seasonId} divisionId={divisionId} isStaff={isStaff} />;
}

/** The division as its machine holds it: followed live; staff reset its playoff bracket (Reset Bracket, irreversible). */
function DivisionScreen({ seasonId, divisionId, isStaff }: { seasonId: number; divisionId: number; isStaff: boolean }) {
  const [snapshot, send] = useLoadingMachineWith(
    divisionPageMachine,
    {
      input: { divisionId, isStaff },
      actions: {
        notifyReset: () => notifySuccess(SUCCESS.bracketReset),
        reportError: (_, { error }) => notifyError(error),
      },
    },
    (s) => s.context.division,
  );
  const { division: d, error, connection } = snapshot.context;
  if (snapshot.matches('failed')) {
    // A division that no longer exists (its season's divisions were made again) is not found, not a failed load.
    return error instanceof ApiError && error.status === 404 ? <NotFound /> : <LoadFailedState onRetry={() => send({ type: 'division.retry' })} />;
  }
  if (!d) return <LoadingState />;
  if (d.seasonId !== seasonId) return <NotFound />;
  const resetting = snapshot.matches({ ready: { reset: 'resetting' } });
  const bracket = d.elimMatches.length > 0;
  return (
    <>
      <PageTitle
        actions={
          isStaff &&
          bracket && (
            <ResetBracketButton canReset={snapshot.can({ type: 'reset.request' })} resetting={resetting} onReset={() => send({ type: 'reset.request' })} />
          )
        }
      >
        {d.name}
      </PageTitle>
      <Stack gap="md">
        <Anchor component={Link} href={`/seasons/${seasonId}`} mt={-16} fw={600}>
          Back to the season
        </Anchor>
        <LiveStatus connection={connection} />
        {bracket ? <PlayoffBracket division={d} /> : <GroupStage division={d} />}
      </Stack>
      <ResetBracketDialog
        opened={snapshot.matches({ ready: { reset: 'confirming' } })}
        resetting={resetting}
        onConfirm={() => send({ type: 'reset.confirm' })}
        onCancel={() => send({ type: 'reset.cancel' })}
      >
        {CONFIRM.resetDivisionBracket(d.name)}
      </ResetBracketDialog>
    </>
  );
}
