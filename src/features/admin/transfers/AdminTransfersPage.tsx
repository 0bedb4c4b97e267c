import { Badge, Button, Group } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { TransferRequest } from '../../../api/contract/team';
import { decideTransfer, TRANSFERS_ENDPOINT } from '../../../api/endpoints/transfers';
import { SUCCESS } from '../../../domain/messages';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PagedTable } from '../../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../../ui/PagedTable/usePagedList';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { canTransfer } from '../../../../machines/rules/transferRequestMachine';
import { RejectTransferModal } from './RejectTransferModal';

const column = createColumnHelper<TransferRequest>();

/**
 * /admin/transfers (Pending Transfers): every transfer request waiting for an admin, with Approve and Reject (a reason
 * asked in a dialog). A decided request leaves the list.
 */
export function AdminTransfersPage() {
  const list = usePagedList(TRANSFERS_ENDPOINT, TransferRequest, { perPage: 10 });
  const [busyId, setBusyId] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<TransferRequest | null>(null);

  const decide = (transfer: TransferRequest, rejectedReason: string | null) => {
    setBusyId(transfer.id);
    decideTransfer(transfer.id, rejectedReason === null ? { approved: true } : { approved: false, rejectedReason }).then(
      () => {
        setBusyId(null);
        setRejecting(null);
        notifySuccess(rejectedReason === null ? SUCCESS.transferApproved : SUCCESS.transferRejected);
        list.reload();
      },
      (error) => {
        setBusyId(null);
        notifyError(error);
        list.reload();
      },
    );
  };

  const columns = [
    column.accessor('teamName', { header: 'TEAM' }),
    column.accessor('userName', { header: 'PLAYER' }),
    column.accessor('addPlayer', {
      header: 'CHANGE',
      cell: ({ getValue }) => (
        <Badge variant="light" color={getValue() ? 'green' : 'orange'}>
          {getValue() ? 'Addition' : 'Removal'}
        </Badge>
      ),
    }),
    column.display({
      id: 'actions',
      header: '',
      cell: ({ row: { original: t } }) => (
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            aria-label={`Approve the transfer of ${t.userName}`}
            loading={busyId === t.id && rejecting === null}
            disabled={busyId !== null || !canTransfer(t.status ?? 'PENDING', { type: 'transfer.approve', rosterBlocker: null })}
            onClick={() => decide(t, null)}
          >
            Approve
          </Button>
          <Button
            size="compact-sm"
            color="red"
            variant="light"
            aria-label={`Reject the transfer of ${t.userName}`}
            disabled={busyId !== null}
            onClick={() => setRejecting(t)}
          >
            Reject
          </Button>
        </Group>
      ),
    }),
  ];

  return (
    <>
      <PageTitle>Pending Transfers</PageTitle>
      <PagedTable list={list} columns={columns} showTotal getRowId={(t) => String(t.id)} />
      {rejecting && (
        <RejectTransferModal
          transfer={rejecting}
          busy={busyId === rejecting.id}
          onSubmit={(reason) => decide(rejecting, reason)}
          onClose={() => setRejecting(null)}
        />
      )}
    </>
  );
}
