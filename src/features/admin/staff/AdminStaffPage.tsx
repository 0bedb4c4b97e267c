import { Button } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { AdminUserRow } from '../../../api/contract/user';
import { setStaffRole, STAFF_ENDPOINT } from '../../../api/endpoints/adminUsers';
import type { Role } from '../../../domain/constants';
import { CONFIRM, SUCCESS } from '../../../domain/messages';
import { confirmAction } from '../../../ui/ConfirmDialog/confirmAction';
import { DateText } from '../../../ui/DateText/DateText';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PagedTable } from '../../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../../ui/PagedTable/usePagedList';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { useSessionUser } from '../../../ui/session';
import { mayPromoteNewStaff, type StaffRoleEventType } from '../../../../machines/rules/staffRoleMachine';
import { PromoteStaffModal } from './PromoteStaffModal';
import { StaffActionsMenu } from './StaffActionsMenu';

const column = createColumnHelper<AdminUserRow>();

/** What each row action asks and does (seasons-and-admin §6, §8). */
const ACTIONS: Record<StaffRoleEventType, { role: Role; title: string; message: (name: string) => string; done: { title: string; message: string } }> = {
  'staff.promote': { role: 'OWNER', title: 'Promote to Owner', message: (name) => `Promote ${name} to OWNER? ${CONFIRM.promoteOwner}`, done: SUCCESS.staffPromoted('OWNER') },
  'staff.demote': { role: 'ADMIN', title: 'Demote to Admin', message: (name) => `Demote ${name} to ADMIN?`, done: SUCCESS.staffDemoted },
  'staff.remove': { role: 'USER', title: 'Remove from Staff', message: (name) => `Remove ${name} from the staff team?`, done: SUCCESS.staffRemoved },
};

/** /admin/staff: the staff table; staff promote new staff, an OWNER also changes other staff members' roles. */
export function AdminStaffPage() {
  const list = usePagedList(STAFF_ENDPOINT, AdminUserRow, { perPage: 10 });
  const viewer = useSessionUser();
  const [promoting, setPromoting] = useState(false);
  const act = (row: AdminUserRow, type: StaffRoleEventType) => {
    const action = ACTIONS[type];
    confirmAction({
      title: action.title,
      message: action.message(row.discordName),
      confirmLabel: action.title,
      danger: type !== 'staff.promote',
      onConfirm: () =>
        setStaffRole(row.id, action.role).then(() => {
          notifySuccess(action.done);
          list.reload();
        }, notifyError),
    });
  };
  const columns = [
    column.accessor('discordName', { header: 'DISCORD NAME' }),
    column.accessor('role', { header: 'ROLE' }),
    column.accessor('battleTag', { header: 'ACTIVISION ID', cell: ({ getValue }) => getValue() ?? 'n/a' }),
    column.accessor('joined', { header: 'DATE JOINED', cell: ({ getValue }) => <DateText value={getValue()} withTime /> }),
    column.display({
      id: 'options',
      header: '',
      cell: ({ row }) => (viewer ? <StaffActionsMenu row={row.original} viewer={viewer} onAction={act} /> : null),
    }),
  ];
  return (
    <>
      <PageTitle actions={viewer && mayPromoteNewStaff(viewer.role) && <Button onClick={() => setPromoting(true)}>Promote New Staff</Button>}>Staff</PageTitle>
      <PagedTable list={list} columns={columns} showTotal getRowId={(u) => String(u.id)} />
      {promoting && (
        <PromoteStaffModal
          onClose={() => setPromoting(false)}
          onPromoted={() => {
            setPromoting(false);
            list.reload();
          }}
        />
      )}
    </>
  );
}
