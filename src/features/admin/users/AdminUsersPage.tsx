import { Badge, Button, Group, Tooltip } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { AdminUserRow } from '../../../api/contract/user';
import { ADMIN_USERS_ENDPOINT, banUser } from '../../../api/endpoints/adminUsers';
import { CONFIRM, SUCCESS } from '../../../domain/messages';
import { recordEditBlocker } from '../../../domain/staffRecords';
import { useSessionUser } from '../../../ui/session';
import { confirmAction } from '../../../ui/ConfirmDialog/confirmAction';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PagedTable } from '../../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../../ui/PagedTable/usePagedList';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { EditUserModal } from './EditUserModal';

const column = createColumnHelper<AdminUserRow>();

/** /admin/users: search by Discord name or Activision ID; Edit (the record) and Ban (permanent, confirmed). */
export function AdminUsersPage() {
  const list = usePagedList(ADMIN_USERS_ENDPOINT, AdminUserRow, { perPage: 10 });
  const [editing, setEditing] = useState<AdminUserRow | null>(null);
  const viewer = useSessionUser();
  const ban = (user: AdminUserRow) =>
    confirmAction({
      title: 'Ban User',
      message: `Ban ${user.discordName}? ${CONFIRM.ban}`,
      confirmLabel: 'Ban',
      onConfirm: () =>
        banUser(user.id).then(() => {
          notifySuccess(SUCCESS.userBanned);
          list.reload();
        }, notifyError),
    });
  const columns = [
    column.accessor('discordName', { header: 'NAME' }),
    column.accessor('battleTag', { header: 'ACTIVISION ID', cell: ({ getValue }) => getValue() ?? 'n/a' }),
    column.accessor('katanaRank', { header: 'KR', cell: ({ getValue }) => Math.round(getValue()) }),
    column.accessor('wins', { header: 'WINS' }),
    column.accessor('losses', { header: 'LOSSES' }),
    column.display({
      id: 'options',
      header: 'OPTIONS',
      cell: ({ row: { original: user } }) => {
        // A staff member's record only an owner edits, and nobody their own (the server refuses it the same way).
        const editBlocker = viewer ? recordEditBlocker(viewer, user) : null;
        return (
          <Group gap="xs" wrap="nowrap">
            <Tooltip label={editBlocker} disabled={!editBlocker}>
              {/* data-disabled rather than disabled: a disabled button would not show its tooltip. */}
              <Button
                size="xs"
                variant="light"
                onClick={() => !editBlocker && setEditing(user)}
                aria-label={`Edit ${user.discordName}`}
                aria-disabled={!!editBlocker}
                data-disabled={editBlocker ? true : undefined}
              >
                Edit
              </Button>
            </Tooltip>
            {user.banned ? (
              <Badge color="red" variant="light">
                BANNED
              </Badge>
            ) : (
              <Button size="xs" color="red" variant="light" onClick={() => ban(user)} aria-label={`Ban ${user.discordName}`}>
                Ban
              </Button>
            )}
          </Group>
        );
      },
    }),
  ];
  return (
    <>
      <PageTitle>Users</PageTitle>
      <PagedTable list={list} columns={columns} searchPrompt="Search by Discord name or Activision ID" showTotal getRowId={(u) => String(u.id)} />
      {editing && (
        <EditUserModal
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      )}
    </>
  );
}
