import { Button } from '@mantine/core';
import { useMemo } from 'react';
import { useParams } from 'wouter';
import { TeamSummary } from '../../../api/contract/team';
import { ADMIN_TEAMS_ENDPOINT } from '../../../api/endpoints/adminTeams';
import { SUCCESS } from '../../../domain/messages';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PagedTable } from '../../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../../ui/PagedTable/usePagedList';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { parseId } from '../../../ui/routeParams';
import { useMachineWith } from '../../../ui/useMachineWith';
import { adminTeamsMachine } from '../../../../machines/flows/adminTeamsMachine';
import { teamRecordColumns } from '../../../shared/teams/teamRecordColumns';
import { EditTeamModal } from './EditTeamModal';

function teamColumns(onEdit: (team: TeamSummary) => void) {
  return teamRecordColumns<TeamSummary>({
    actions: (team) => (
      <Button size="xs" variant="default" onClick={() => onEdit(team)} aria-label={`Edit ${team.name}`}>
        Edit
      </Button>
    ),
  });
}

/** /admin/teams and /admin/teams/{id} (that team's Edit Team dialog open): the searchable league teams table. */
export function AdminTeamsPage() {
  const openId = parseId(useParams<{ id?: string }>().id);
  const list = usePagedList(ADMIN_TEAMS_ENDPOINT, TeamSummary, { perPage: 10 });
  const [snapshot, send] = useMachineWith(adminTeamsMachine, {
    input: { openId },
    actions: {
      notifySaved: () => notifySuccess(SUCCESS.teamEdited),
      reportError: (_, { error }) => notifyError(error),
      reload: () => list.reload(),
    },
  });
  const columns = useMemo(() => teamColumns((team) => send({ type: 'edit.open', team })), [send]);
  const { team } = snapshot.context;
  const open = snapshot.matches('editing') || snapshot.matches('saving');
  return (
    <>
      <PageTitle documentTitle="Teams">Teams</PageTitle>
      <PagedTable list={list} columns={columns} searchPrompt="Search Teams" showTotal getRowId={(t) => String(t.id)} />
      {open && team && (
        <EditTeamModal
          key={team.id}
          team={team}
          busy={snapshot.matches('saving')}
          onSubmit={(body) => send({ type: 'edit.submit', body })}
          onClose={() => send({ type: 'edit.close' })}
        />
      )}
    </>
  );
}
