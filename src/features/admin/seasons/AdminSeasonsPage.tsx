import { Button, Text } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Season } from '../../../api/contract/season';
import { ADMIN_SEASONS_ENDPOINT } from '../../../api/endpoints/seasons';
import { CONFIRM, SUCCESS } from '../../../domain/messages';
import { ConfirmModal } from '../../../ui/ConfirmDialog/ConfirmModal';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PagedTable } from '../../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../../ui/PagedTable/usePagedList';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { adminSeasonsMachine, type SeasonAction } from '../../../../machines/adminSeasonsMachine';
import { DivisionSplitsModal } from './DivisionSplitsModal';
import { seasonColumns } from './seasonColumns';
import { SeasonFormModal } from './SeasonFormModal';

/** The confirmation of each action (seasons-and-admin §8); starting the group stages runs at once. */
const CONFIRMATIONS: Record<Exclude<SeasonAction, 'startGroupStages'>, { title: string; text: string; label: string }> = {
  closeSignups: { title: 'Close Signups', text: 'No more teams can join this season until signups reopen.', label: 'Close Signups' },
  reopenSignups: { title: 'Reopen Signups', text: 'Teams can join this season again.', label: 'Reopen Signups' },
  resetGroupStages: {
    title: 'Reset to Closed',
    text: 'This resets the group stages generation: the groups and every group match are removed and the season returns to CLOSED.',
    label: 'Reset',
  },
  startPlayoffs: { title: 'Start Playoffs', text: 'The group standings seed each division’s double elimination bracket.', label: 'Start Playoffs' },
  revertToGroupStages: {
    title: 'Reset to Group Stages',
    text: 'The playoff brackets and their matches are removed and the season returns to the group stages.',
    label: 'Reset',
  },
  delete: { title: 'Delete Season', text: CONFIRM.deleteSeason, label: 'Delete' },
};

const DONE: Record<SeasonAction, (name: string) => { title: string; message: string }> = {
  closeSignups: () => SUCCESS.signupsClosed,
  reopenSignups: () => SUCCESS.signupsReopened,
  startGroupStages: () => SUCCESS.groupStagesStarted,
  resetGroupStages: SUCCESS.groupStagesReset,
  startPlayoffs: SUCCESS.doubleElimStarted,
  revertToGroupStages: SUCCESS.seasonReverted,
  delete: () => SUCCESS.seasonDeleted,
};

/** /admin/seasons: New Season, the searchable table with its OPTIONS menus, the season and splits dialogs. */
export function AdminSeasonsPage() {
  const list = usePagedList(ADMIN_SEASONS_ENDPOINT, Season, { perPage: 10 });
  const [logic] = useState(() =>
    adminSeasonsMachine.provide({
      actions: {
        notifyDone: (_, { action, season }) => notifySuccess(DONE[action](season.name)),
        notifySaved: (_, { edited }) => notifySuccess(edited ? SUCCESS.seasonEdited : SUCCESS.seasonAdded),
        notifySplitsSaved: () => notifySuccess({ title: 'Division Splits Saved' }),
        reportError: (_, { error }) => notifyError(error),
        reload: () => list.reload(),
      },
    }),
  );
  const [snapshot, send] = useMachine(logic);
  const columns = useMemo(
    () =>
      seasonColumns({
        onEdit: (season) => send({ type: 'form.open', season }),
        onSplits: (season) => send({ type: 'splits.open', season }),
        onAction: (season, action) => send({ type: 'row.act', season, action }),
      }),
    [send],
  );
  const { target, action, editing, splits } = snapshot.context;
  const confirmation = action && action !== 'startGroupStages' ? CONFIRMATIONS[action] : null;
  const confirming = snapshot.matches('confirming') || (snapshot.matches('working') && confirmation !== null);
  const formOpen = snapshot.matches('editing') || snapshot.matches('saving');
  const splitsOpen = snapshot.matches('splitting') || snapshot.matches('savingSplits');
  return (
    <>
      <PageTitle actions={<Button onClick={() => send({ type: 'form.open', season: null })}>New Season</Button>}>Seasons</PageTitle>
      <PagedTable list={list} columns={columns} searchPrompt="Search Seasons" getRowId={(s) => String(s.id)} />
      {formOpen && (
        <SeasonFormModal
          season={editing}
          busy={snapshot.matches('saving')}
          onSubmit={(body, webhook) => send({ type: 'form.submit', body, webhook })}
          onClose={() => send({ type: 'form.close' })}
        />
      )}
      {splitsOpen && target && (
        <DivisionSplitsModal
          seasonName={target.name}
          joinedTeamsCount={target.joinedTeamsCount}
          splits={splits}
          busy={snapshot.matches('savingSplits')}
          onChange={(index, value) => send({ type: 'splits.change', index, value })}
          onAdd={() => send({ type: 'splits.add' })}
          onSave={() => send({ type: 'splits.save' })}
          onClose={() => send({ type: 'splits.close' })}
        />
      )}
      <ConfirmModal
        opened={confirming && confirmation !== null}
        title={confirmation?.title ?? ''}
        confirmLabel={confirmation?.label ?? ''}
        danger={action === 'delete'}
        busy={snapshot.matches('working')}
        onConfirm={() => send({ type: 'action.confirm' })}
        onCancel={() => send({ type: 'action.cancel' })}
      >
        <Text span fw={700}>
          {target?.name}
        </Text>
        : {confirmation?.text}
      </ConfirmModal>
    </>
  );
}
