import { Button, Group, Stack, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Season } from '../../api/contract/season';
import { countOf } from '../../domain/counts';
import { formatDate } from '../../domain/dates';
import { seasonWeeks } from '../../domain/season/seasonDates';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PageTitle } from '../../ui/PageTitle/PageTitle';
import { isStaffRole, useSessionUser } from '../../ui/session';
import { adminSeasonsMachine, seasonAllows } from '../../../machines/flows/adminSeasonsMachine';
import { memberKrMachine } from '../../../machines/flows/memberKrMachine';
import { SEASON_ACTIONS } from '../../../machines/rules/seasonActions';
import { formatEuros } from '../../domain/formatEuros';
import { DivisionGroups } from './DivisionGroups';
import { DivisionTable } from './DivisionTable';
import { lazyNamed } from '../../ui/onDemand';

// Dialogs only some viewers open (joining an OPEN season; staff editing a KR): their code, with the payment form and
// the modal machinery, loads only where they can appear.
const JoinSeason = lazyNamed(() => import('./JoinSeason'), 'JoinSeason');
const MemberKrModal = lazyNamed(() => import('./MemberKrModal'), 'MemberKrModal');
import { SeasonChampions } from './SeasonChampions';

/**
 * A season: its facts, then the division table while OPEN, or the divisions with their groups and each team's
 * average KR once closed. Staff click a team to edit a member's KR, and start the group stages of a CLOSED season
 * here (then go to the admin seasons page).
 */
export function SeasonView({ season, reload }: { season: Season; reload: () => void }) {
  const staff = isStaffRole(useSessionUser()?.role);
  const [, navigate] = useLocation();
  const [adminLogic] = useState(() =>
    adminSeasonsMachine.provide({
      actions: {
        notifyDone: (_, { action, season: done }) => notifySuccess(SEASON_ACTIONS[action].notice(done)),
        reportError: (_, { error }) => notifyError(error),
        reload: () => navigate('/admin/seasons'),
      },
    }),
  );
  const [admin, sendAdmin] = useMachine(adminLogic);
  const [krLogic] = useState(() =>
    memberKrMachine.provide({
      actions: {
        notifySaved: () => notifySuccess({ title: 'KR Updated' }),
        reportError: (_, { error }) => notifyError(error),
        reload: () => reload(),
      },
    }),
  );
  const [kr, sendKr] = useMachine(krLogic);
  const canStart = staff && seasonAllows(season, 'startGroupStages');
  return (
    <>
      <PageTitle
        actions={
          <Group gap="sm">
            {staff && (
              <Button component={Link} href={`/seasons/${season.id}/teams`} variant="default">
                Teams
              </Button>
            )}
            {season.seasonType === 'OPEN' && (
              <Suspense fallback={null}>
                <JoinSeason season={season} reload={reload} />
              </Suspense>
            )}
            {canStart && (
              <Button onClick={() => sendAdmin({ type: 'row.act', season, action: 'startGroupStages' })} loading={admin.matches('working')}>
                {SEASON_ACTIONS.startGroupStages.label}
              </Button>
            )}
          </Group>
        }
      >
        {season.name}
      </PageTitle>
      <Stack gap="lg">
        <Text>
          {season.seasonType} · Starts {formatDate(season.startDate)} · {seasonWeeks(season.startDate, season.grandFinalDueBy)} weeks · Entry fee{' '}
          {formatEuros(season.entryFee)} · {countOf(season.joinedTeamsCount, 'team')}
        </Text>
        <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {season.seasonInfo}
        </Text>
        <SeasonChampions season={season} />
        {season.seasonType === 'OPEN' ? (
          <DivisionTable season={season} />
        ) : (
          <DivisionGroups season={season} onTeamClick={staff ? (team) => sendKr({ type: 'team.open', team }) : undefined} />
        )}
      </Stack>
      {staff && (
        <Suspense fallback={null}>
          <MemberKrModal snapshot={kr} send={sendKr} />
        </Suspense>
      )}
    </>
  );
}
