import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { TournamentMatch } from '../../api/contract/tournament';
import { DateText } from '../../ui/DateText/DateText';
import { isPlayable, reportBlocker, staffResultBlocker } from '../../../machines/scoreSubmissionMachine';
import { ChangeTeams } from './ChangeTeams';
import { mayChangeEntries } from '../../../machines/changeEntriesMachine';
import { MatchScorePanel } from './MatchScorePanel';
import { MatchSideCard } from './MatchSideCard';
import { adminScoreLabel, isOverwrite, reportLine, sideView } from './matchSides';
import type { ScoreSubmission } from './useScoreSubmission';
import classes from './MatchPage.module.css';

interface MatchDetailsProps {
  match: TournamentMatch;
  submission: ScoreSubmission;
  isStaff: boolean;
}

/** The match page: tournament link, round and number, deadline, both sides, and the actions the viewer may take. */
export function MatchDetails({ match: m, submission, isStaff }: MatchDetailsProps) {
  const [snapshot, send] = submission;
  const idle = snapshot.matches('idle');
  const playable = isPlayable(m);
  const canReport = snapshot.can({ type: 'score.start' });
  const canSetResult = snapshot.can({ type: 'admin.start' });
  // Why the viewer has no score button: a player reads why they cannot report, staff why no result can be set.
  const blocker = !idle ? null : m.viewerSide && !canReport ? reportBlocker(m) : isStaff && !canSetResult ? staffResultBlocker(m) : null;
  const canChangeTeams = isStaff && idle && mayChangeEntries(m);
  const title = m.tournament?.title ?? `Tournament ${m.tournamentId}`;
  return (
    <Stack gap="lg">
      <title>{`Match ${m.matchNumber} · ${title} · Clutch`}</title>
      <Stack gap={6}>
        <Anchor component={Link} href={`/tournaments/${m.tournamentId}`} fw={600}>
          {title}
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {m.roundName} · Match {m.matchNumber}
          </Title>
          {m.dispute && (
            <Badge color="red" variant="filled" size="lg">
              DISPUTE
            </Badge>
          )}
        </Group>
        <Text c="dimmed">
          {m.dueByDate !== null ? (
            <>
              Due by <DateText value={m.dueByDate} />
            </>
          ) : (
            'No due by date set'
          )}
        </Text>
      </Stack>
      <Group align="stretch" gap="md" wrap="nowrap">
        <MatchSideCard view={sideView(m, 'A')} report={playable ? reportLine(m, 'A') : null} />
        <Text className={classes.versus}>VS</Text>
        <MatchSideCard view={sideView(m, 'B')} report={playable ? reportLine(m, 'B') : null} />
      </Group>
      {(canReport || canSetResult || canChangeTeams || blocker) && (
        <Group gap="sm">
          {canReport && <Button onClick={() => send({ type: 'score.start' })}>SUBMIT SCORE</Button>}
          {canSetResult && (
            <Button variant="light" color={isOverwrite(m) ? 'orange' : undefined} onClick={() => send({ type: 'admin.start' })}>
              {adminScoreLabel(m)}
            </Button>
          )}
          {canChangeTeams && <ChangeTeams match={m} onChanged={(match) => send({ type: 'match.replace', match })} />}
          {blocker && (
            <Text size="sm" c="dimmed">
              {blocker}
            </Text>
          )}
        </Group>
      )}
      <MatchScorePanel
        submission={submission}
        names={[sideView(m, 'A').name, sideView(m, 'B').name]}
        overwrite={isOverwrite(m)}
        staffQuestion={(result) =>
          m.winningEntry !== ''
            ? `Overwrite the result of match ${m.matchNumber} with ${result}? Later matches whose entrants change are re-opened and their scores cleared.`
            : isOverwrite(m)
              ? `Overwrite the disputed scores of match ${m.matchNumber} with ${result}? The bracket moves both entries on.`
              : `Set the result of match ${m.matchNumber} to ${result}? The bracket moves both entries on.`
        }
      />
    </Stack>
  );
}
