import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { DateText } from '../../ui/DateText/DateText';
import { MatchScorePanel } from './MatchScorePanel';
import { MatchSideCard } from './MatchSideCard';
import { adminLabel, reportText, staffResult, type SideView } from '../../shared/matches/matchSides';
import type { ScoreSubmission } from './useScoreSubmission';
import classes from './MatchPage.module.css';

/** What a match page shows, whatever kind of match it is (a tournament's or a season's). */
export interface MatchPageView {
  /** The document title ("Match 3 · Winter Major · Clutch"). */
  documentTitle: string;
  /** The tournament or season the match belongs to, as a link above the title. */
  parent: { href: string; label: string };
  /** The heading: round and match number. */
  round: string;
  dispute: boolean;
  dueByDate: number | null;
  sides: [SideView, SideView];
  /** Both sides are known and the match is open: each side's report is shown. */
  playable: boolean;
  /** Staff replace scores that exist: OVERWRITE rather than SUBMIT. */
  overwrite: boolean;
  /** Why the viewer has no score button, for a player of the match or staff (null: nothing to say). */
  blocker: string | null;
  /** The staff confirmation's question for a chosen result ("Set the result of match 3 to …?"). */
  staffQuestion: (result: string) => string;
  /** More staff actions beside the score buttons (Change Teams). */
  extraActions?: ReactNode;
}

/**
 * The match page's layout for both kinds of match: the parent link, round, DISPUTE badge and due date; both sides with
 * what each reported; the score buttons the score machine allows (SUBMIT SCORE, the admin variant) or why none; and
 * the score panel of the double-entry flow.
 */
export function MatchDetailsLayout({ view: v, submission }: { view: MatchPageView; submission: ScoreSubmission }) {
  const [snapshot, send] = submission;
  const canReport = snapshot.can({ type: 'score.start' });
  const canSetResult = snapshot.can({ type: 'admin.start' });
  const blocker = snapshot.matches('idle') ? v.blocker : null;
  const names: [string, string] = [v.sides[0].name, v.sides[1].name];
  const report = (side: SideView) => (v.playable ? reportText(side.reported, names) : null);
  // Who reported what stays on the cards; a result staff set (a dispute settled) is said apart from the reports.
  const byStaff = v.playable ? staffResult(v.sides) : null;
  return (
    <Stack gap="lg">
      <title>{v.documentTitle}</title>
      <Stack gap={6}>
        <Anchor component={Link} href={v.parent.href} fw={600}>
          {v.parent.label}
        </Anchor>
        <Group gap="sm" align="center">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {v.round}
          </Title>
          {v.dispute && (
            <Badge color="red" variant="filled" size="lg">
              DISPUTE
            </Badge>
          )}
        </Group>
        <Text c="dimmed">
          {v.dueByDate !== null ? (
            <>
              Due by <DateText value={v.dueByDate} />
            </>
          ) : (
            'No due by date set'
          )}
        </Text>
      </Stack>
      <Group align="stretch" gap="md" wrap="nowrap">
        <MatchSideCard view={v.sides[0]} report={report(v.sides[0])} />
        <Text className={classes.versus}>VS</Text>
        <MatchSideCard view={v.sides[1]} report={report(v.sides[1])} />
      </Group>
      {byStaff && (
        <Text fw={600} ta="center">
          Result set by staff: {names[0]} {byStaff[0]} – {byStaff[1]} {names[1]}
        </Text>
      )}
      {(canReport || canSetResult || v.extraActions || blocker) && (
        <Group gap="sm">
          {canReport && <Button onClick={() => send({ type: 'score.start' })}>SUBMIT SCORE</Button>}
          {canSetResult && (
            <Button variant="light" color={v.overwrite ? 'orange' : undefined} onClick={() => send({ type: 'admin.start' })}>
              {adminLabel(v.overwrite)}
            </Button>
          )}
          {v.extraActions}
          {blocker && (
            <Text size="sm" c="dimmed">
              {blocker}
            </Text>
          )}
        </Group>
      )}
      <MatchScorePanel submission={submission} names={names} overwrite={v.overwrite} staffQuestion={v.staffQuestion} />
    </Stack>
  );
}
