import { Button } from '@mantine/core';
import { useMachine } from '@xstate/react';
import { useMemo, useState } from 'react';
import { Season } from '../../../api/contract/season';
import { ADMIN_SEASONS_ENDPOINT } from '../../../api/endpoints/seasons';
import { SUCCESS } from '../../../domain/messages';
import { ActionConfirmModal } from '../../../ui/ConfirmDialog/ActionConfirmModal';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PagedTable } from '../../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../../ui/PagedTable/usePagedList';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { adminSeasonsMachine } from '../../../../machines/flows/adminSeasonsMachine';
import { SEASON_ACTIONS } from '../../../../machines/rules/seasonActions';
import { DivisionSplitsModal } from './DivisionSplitsModal';
import { seasonColumns } from './seasonColumns';
import { SeasonFormModal } from './SeasonFormModal';

/** /admin/seasons: New Season, the searchable table with its OPTIONS menus, the season and splits dialogs. */
export function AdminSeasonsPage() {
  const list = usePagedList(ADMIN_SEASONS_ENDPOINT, Season, { perPage: 10 });
  const [logic] = useState(() =>
    adminSeasonsMachine.provide({
      actions: {
        notifyDone: (_, { action, season }) => notifySuccess(SEASON_ACTIONS[action].notice(season)),
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
  const confirmation = action ? SEASON_ACTIONS[action].confirm : null;
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
      <ActionConfirmModal
        confirmation={confirmation}
        asking={snapshot.matches('confirming')}
        working={snapshot.matches('working')}
        subject={target?.name}
        onConfirm={() => send({ type: 'action.confirm' })}
        onCancel={() => send({ type: 'action.cancel' })}
      />
    </>
  );
}
