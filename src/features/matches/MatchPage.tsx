import { Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { ApiError } from '../../api/client';
import { NotFound } from '../../ui/NotFound/NotFound';
import { isStaffRole, useSessionUser } from '../../ui/session';
import { parseId } from '../../ui/routeParams';
import { MatchDetails } from './MatchDetails';
import { useScoreSubmission } from './useScoreSubmission';
import { LoadingState } from '../../ui/DataLoader/LoadStates';
import { isSeasonMatch } from '../../../machines/rules/seasonMatchRules';
import { LeagueMatchDetails } from './LeagueMatchDetails';
import { LiveStatus } from '../../ui/LiveStatus/LiveStatus';

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

export interface MatchScreenProps {
  /** Null for a league (season) match. */
  tournamentId: number | null;
  matchId: number;
  isStaff: boolean;
}

/** A tournament or league match: loads it through the score flow and shows its details, or why it cannot. */
export function MatchScreen({ tournamentId, matchId, isStaff }: MatchScreenProps) {
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
          <Anchor component={Link} href={tournamentId === null ? '/seasons' : `/tournaments/${tournamentId}`}>
            {tournamentId === null ? 'Back to the seasons' : 'Back to the bracket'}
          </Anchor>
        ) : (
          <Button variant="light" onClick={() => send({ type: 'match.reload' })}>
            Try again
          </Button>
        )}
      </Stack>
    );
  }
  const match = snapshot.context.match;
  if (!match) {
    return <LoadingState />;
  }
  return (
    <>
      <LiveStatus connection={snapshot.context.connection} />
      {isSeasonMatch(match) ? (
        <LeagueMatchDetails match={match} submission={submission} isStaff={isStaff} />
      ) : (
        <MatchDetails match={match} submission={submission} isStaff={isStaff} />
      )}
    </>
  );
}
