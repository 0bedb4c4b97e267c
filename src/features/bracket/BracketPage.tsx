import { Anchor, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { ApiError } from '../../api/client';
import { NotFound } from '../../ui/NotFound/NotFound';
import { notifyError, notifySuccess } from '../../ui/notify';
import { isStaffRole, useSessionUser } from '../../ui/session';
import { CONFIRM, SUCCESS } from '../../domain/messages';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { parseId } from '../../ui/routeParams';
import { useLoadingMachineWith } from '../../ui/useMachineWith';
import { useOnDemandReady } from '../../ui/onDemand';
import { afterNextPaint } from '../../ui/nextTask';
import { BracketAdminActions } from './BracketAdminActions';
import { ResetBracketDialog } from '../../shared/bracket/ResetBracket';
import { bracketPageMachine } from '../../../machines/flows/bracketPageMachine';
import { EmptyBracket } from '../../shared/bracket/EmptyBracket';
import { CopyEmbedCode } from '../../shared/embed/CopyEmbedCode';
import { LiveStatus } from '../../ui/LiveStatus/LiveStatus';
import { warmBracketCanvas } from '../../shared/bracket/warmBracketCanvas';
import { BracketView } from '../../shared/bracket/BracketViewOnDemand';


/** /tournaments/{tournamentId}: the bracket canvas, and for staff Reset Bracket and Show all matches. */
export function BracketPage() {
  const id = parseId(useParams<{ tournamentId: string }>().tournamentId);
  const user = useSessionUser();
  if (id === null) return <NotFound />;
  const isStaff = isStaffRole(user?.role);
  return <BracketScreen key={`${id}/${isStaff}`} tournamentId={id} isStaff={isStaff} />;
}

const Loading = ({ label = 'Loading...' }: { label?: string }) => (
  <Center py="xl">
    <Stack align="center" gap="xs">
      <Loader size="sm" />
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </Stack>
  </Center>
);

function BracketScreen({ tournamentId, isStaff }: { tournamentId: number; isStaff: boolean }) {
  const [, navigate] = useLocation();
  const [snapshot, send] = useLoadingMachineWith(
    bracketPageMachine,
    {
      input: { tournamentId, isStaff },
      actions: {
        // Through the lazy component the page renders, so the canvas does not suspend when it mounts; after the
        // title's paint (its frame), so that the canvas's code takes neither the connection nor the main thread before it.
        prepareCanvas: () => afterNextPaint(() => void BracketView.preload().then(warmBracketCanvas)),
        notifyReset: () => notifySuccess(SUCCESS.bracketReset),
        reportError: (_, { error }) => notifyError(error),
      },
    },
    (s) => s.context.view,
  );
  const { tournament, view } = snapshot.context;
  // The canvas mounts once its code is here, in a transition (see useOnDemandReady).
  const canvasReady = useOnDemandReady(BracketView, view.length > 0);
  if (snapshot.matches('failed')) {
    if (snapshot.context.error instanceof ApiError && snapshot.context.error.status === 404) return <NotFound />;
    return (
      <Stack align="center" py={60} gap="md">
        <Title order={1} size="h2">
          This bracket could not be loaded
        </Title>
        <Button variant="light" onClick={() => send({ type: 'bracket.retry' })}>
          Try again
        </Button>
      </Stack>
    );
  }
  // The title shows as soon as the tournament is read, "Loading the bracket..." below it until the bracket is; the
  // canvas's code and renderer start once the title is on screen (prepareCanvas), and the canvas then takes that place
  // (below the title: nothing on screen moves). A tournament without a bracket shows why instead.
  const resetting = snapshot.matches({ ready: { reset: 'resetting' } });
  if (!tournament) return <Loading label="Loading the bracket..." />;
  const bracketLoading = snapshot.matches('loading');
  const showCanvas = view.length > 0;
  return (
    <Stack gap="md">
      {tournament && (
        <>
          <PageTitle
            documentTitle={`${tournament.title} bracket`}
            actions={
              <>
                <CopyEmbedCode kind="tournaments" id={tournamentId} title={tournament.title} />
                {isStaff && (
                  <BracketAdminActions tournamentId={tournamentId} canReset={snapshot.can({ type: 'reset.request' })} resetting={resetting} onReset={() => send({ type: 'reset.request' })} />
                )}
              </>
            }
          >
            {tournament.title}
          </PageTitle>
          <Anchor component={Link} href={`/tournaments/${tournamentId}/details`} mt={-16} fw={600}>
            Tournament details
          </Anchor>
          <LiveStatus connection={snapshot.context.connection} />
        </>
      )}
      {(bracketLoading || (showCanvas && !canvasReady)) && <Loading label="Loading the bracket..." />}
      {!bracketLoading && !showCanvas && <EmptyBracket status={tournament.status} />}
      {showCanvas && canvasReady && (
        <Suspense fallback={<Loading label="Loading the bracket..." />}>
          <BracketView
            matches={view}
            matchHref={(id) => `/tournaments/${tournamentId}/match/${id}`}
            onOpenMatch={(id) => navigate(`/tournaments/${tournamentId}/match/${id}`)}
          />
        </Suspense>
      )}
      <ResetBracketDialog
        opened={snapshot.matches({ ready: { reset: 'confirming' } })}
        resetting={resetting}
        onConfirm={() => send({ type: 'reset.confirm' })}
        onCancel={() => send({ type: 'reset.cancel' })}
      >
        {CONFIRM.resetBracket}
      </ResetBracketDialog>
    </Stack>
  );
}
