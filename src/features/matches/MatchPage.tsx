import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { ApiError } from '../../api/client';
import { NotFound } from '../../ui/NotFound/NotFound';
import { isStaffRole, useSessionUser } from '../../ui/session';
import { parseId } from '../../ui/routeParams';
import { MatchDetails } from './MatchDetails';
import { useScoreSubmission } from './useScoreSubmission';
import { LoadingState } from '../../ui/DataLoader/LoadStates';

/** /tournaments/{tournamentId}/match/{matchId}: one match, its scores and the score flows. */
export function MatchPage() {
  const params = useParams<{ tournamentId: string; matchId: string }>();
  const tournamentId = parseId(params.tournamentId);
  const matchId = parseId(params.matchId);
  const user = useSessionUser();
  if (tournamentId === null || matchId === null) return <NotFound />;
  const isStaff = isStaffRole(user?.role);
  // Another match, or another viewer (sign-in, sign-out), starts the flow afresh.
  return <MatchScreen key={`${tournamentId}/${matchId}/${user?.id ?? 0}/${isStaff}`} tournamentId={tournamentId} matchId={matchId} isStaff={isStaff} />;
}

function MatchScreen({ tournamentId, matchId, isStaff }: { tournamentId: number; matchId: number; isStaff: boolean }) {
  const submission = useScoreSubmission({ tournamentId, matchId, isStaff });
  const [snapshot, send] = submission;
  if (snapshot.matches('unavailable')) {
    const missing = snapshot.context.loadError instanceof ApiError && snapshot.context.loadError.status === 404;
    return (
      <Stack align="center" py={60} gap="md">
        <title>{`${missing ? 'Match not found' : 'Match'} · Clutch`}</title>
        <Title order={1} size="h2">
          {missing ? 'Match not found' : 'This match could not be loaded'}
        </Title>
        <Text c="dimmed">{missing ? 'This match does not exist or is no longer part of the bracket.' : 'Please try again in a moment.'}</Text>
        {missing ? (
          <Anchor component={Link} href={`/tournaments/${tournamentId}`}>
            Back to the bracket
          </Anchor>
        ) : (
          <Button variant="light" onClick={() => send({ type: 'match.reload' })}>
            Try again
          </Button>
        )}
      </Stack>
    );
  }
  if (!snapshot.context.match) {
    return <LoadingState />;
  }
  return <MatchDetails match={snapshot.context.match} submission={submission} isStaff={isStaff} />;
}
