import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { SeasonMatchView } from '../../api/contract/season';
import { DateText } from '../../ui/DateText/DateText';
import { seasonReportBlocker, seasonResultBlocker } from '../../../machines/seasonMatchRules';
import { seasonRoundName } from '../../domain/season/playoffBracket';
import { MatchScorePanel } from './MatchScorePanel';
import { MatchSideCard } from './MatchSideCard';
import { adminLabel } from './matchSides';
import { seasonIsOverwrite, seasonReportLine, seasonSideNames, seasonSideView } from './seasonMatchSides';
import type { ScoreSubmission } from './useScoreSubmission';
import classes from './MatchPage.module.css';

interface LeagueMatchDetailsProps {
  match: SeasonMatchView;
  submission: ScoreSubmission;
  isStaff: boolean;
}

/** /match/{id}: the season as a link, the round, the due date, both teams, and the score flows the viewer may open. */
export function LeagueMatchDetails({ match: m, submission, isStaff }: LeagueMatchDetailsProps) {
  const [snapshot, send] = submission;
  const idle = snapshot.matches('idle');
  const canReport = snapshot.can({ type: 'score.start' });
  const canSetResult = snapshot.can({ type: 'admin.start' });
  // A player of either team reads why they cannot report (captains report); staff why no result can be set.
  const blocker = !idle ? null : m.viewerSide && !canReport ? seasonReportBlocker(m) : isStaff && !canSetResult ? seasonResultBlocker(m) : null;
  const playable = m.teamA !== null && m.teamB !== null && m.live;
  const overwrite = seasonIsOverwrite(m);
  const round = m.matchNumber !== null ? `${seasonRoundName(m.roundType)} · Match ${m.matchNumber}` : seasonRoundName(m.roundType);
  return (
    <Stack gap="lg">
      <title>{`${round} · ${m.seasonName} · Clutch`}</title>
      <Stack gap={6}>
        <Anchor component={Link} href={`/seasons/${m.seasonId}`} fw={600}>
          {m.seasonName}
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {round}
          </Title>
          {m.dispute && (
            <Badge color="red" variant="filled" size="lg">
              DISPUTE
            </Badge>
          )}
        </Group>
        <Text c="dimmed">{m.dueByDate !== null ? <>Due by <DateText value={m.dueByDate} /></> : 'No due by date set'}</Text>
      </Stack>
      <Group align="stretch" gap="md" wrap="nowrap">
        <MatchSideCard view={seasonSideView(m, 'A')} report={playable ? seasonReportLine(m, 'A') : null} />
        <Text className={classes.versus}>VS</Text>
        <MatchSideCard view={seasonSideView(m, 'B')} report={playable ? seasonReportLine(m, 'B') : null} />
      </Group>
      {(canReport || canSetResult || blocker) && (
        <Group gap="sm">
          {canReport && <Button onClick={() => send({ type: 'score.start' })}>SUBMIT SCORE</Button>}
          {canSetResult && (
            <Button variant="light" color={overwrite ? 'orange' : undefined} onClick={() => send({ type: 'admin.start' })}>
              {adminLabel(overwrite)}
            </Button>
          )}
          {blocker && (
            <Text size="sm" c="dimmed">
              {blocker}
            </Text>
          )}
        </Group>
      )}
      <MatchScorePanel
        submission={submission}
        names={seasonSideNames(m)}
        overwrite={overwrite}
        staffQuestion={(result) =>
          m.winningTeam !== null
            ? `Overwrite the result of this match with ${result}? Standings change; team and player records and KR do not.`
            : `Set the result of this match to ${result}?`
        }
      />
    </Stack>
  );
}
