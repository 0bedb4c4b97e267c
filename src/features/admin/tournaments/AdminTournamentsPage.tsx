import { Button } from '@mantine/core';
import { useMemo } from 'react';
import { Tournament } from '../../../api/contract/tournament';
import { ADMIN_TOURNAMENTS_ENDPOINT } from '../../../api/endpoints/adminTournaments';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { useMachineWith } from '../../../ui/useMachineWith';
import { PagedTable } from '../../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../../ui/PagedTable/usePagedList';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { adminTournamentsMachine } from '../../../../machines/flows/adminTournamentsMachine';
import { TOURNAMENT_ACTIONS } from '../../../../machines/rules/tournamentActions';
import { tournamentColumns } from './tournamentColumns';
import { TournamentFormModal } from './TournamentFormModal';
import { ActionConfirmModal } from '../../../ui/ConfirmDialog/ActionConfirmModal';

/** /admin/tournaments: the searchable table, its OPTIONS menus and the New Tournament dialog. */
export function AdminTournamentsPage() {
  const list = usePagedList(ADMIN_TOURNAMENTS_ENDPOINT, Tournament, { perPage: 10 });
  const [snapshot, send] = useMachineWith(adminTournamentsMachine, {
    actions: {
      notifyDone: (_, { action }) => notifySuccess(TOURNAMENT_ACTIONS[action].notice()),
      reportError: (_, { error }) => notifyError(error),
      reload: () => list.reload(),
    },
  });
  const columns = useMemo(
    () =>
      tournamentColumns({
        onEdit: (tournament) => send({ type: 'form.open', tournament }),
        onAction: (tournament, action) => send({ type: 'row.act', tournament, action }),
      }),
    [send],
  );
  const { target, action, editing } = snapshot.context;
  const confirmation = action ? TOURNAMENT_ACTIONS[action].confirm : null;
  return (
    <>
      <PageTitle
        actions={
          <Button onClick={() => send({ type: 'form.open', tournament: null })} disabled={!snapshot.can({ type: 'form.open', tournament: null })}>
            New Tournament
          </Button>
        }
      >
        Tournaments
      </PageTitle>
      <PagedTable list={list} columns={columns} searchPrompt="Search Tournaments" showTotal getRowId={(t) => String(t.id)} />
      {snapshot.matches('editing') && (
        <TournamentFormModal
          tournament={editing}
          onClose={() => send({ type: 'form.close' })}
          onSaved={() => send({ type: 'form.saved' })}
        />
      )}
      <ActionConfirmModal
        confirmation={confirmation}
        asking={snapshot.matches('confirming')}
        working={snapshot.matches('working')}
        subject={target?.title}
        onConfirm={() => send({ type: 'action.confirm' })}
        onCancel={() => send({ type: 'action.cancel' })}
      />
    </>
  );
}
