import { useRef } from 'react';
import type { TransferRequestBody } from '../../api/contract/team';
import { cancelUnpaidTransfers, payForTransfer } from '../../api/endpoints/transfers';
import { SUCCESS } from '../../domain/messages';
import { notifyError, notifySuccess } from '../../ui/notify';
import { PaymentDialog } from './PaymentDialog';

/** The spec's payment methods of a transfer: ADD for a player joining, REMOVE for a member leaving. */
export const transferMethod = (addPlayer: boolean) => (addPlayer ? 'ADD' : 'REMOVE');

interface TransferPaymentDialogProps {
  /** The request waiting for its fee (null: closed). */
  request: TransferRequestBody | null;
  /** The fee in euros. */
  amount: number;
  /** What is paid for ("Transfer fee (ADD): join Apex Predators"). */
  description: string;
  /** The dialog closed: `sent` when the request went to the admins (paid, or still settling). */
  onDone: (sent: boolean) => void;
}

/**
 * The transfer fee's payment (POST /v1/billing/transfer-request/{teamId}); closing it unpaid cancels the request
 * (DELETE /v1/billing/transfer-request/{teamId}, "Transfer Cancelled").
 */
export function TransferPaymentDialog({ request, amount, description, onDone }: TransferPaymentDialogProps) {
  const paid = useRef(false);
  if (!request) return null;
  return (
    <PaymentDialog
      opened
      create={() => payForTransfer(request)}
      amount={amount}
      description={`Transfer fee (${transferMethod(request.addPlayer)}): ${description}`}
      onSucceeded={() => {
        paid.current = true;
      }}
      onClose={({ processing }) => {
        const sent = paid.current || processing;
        paid.current = false;
        if (!sent) cancelUnpaidTransfers(request.teamId).then(() => notifySuccess(SUCCESS.transferCancelled), notifyError);
        onDone(sent);
      }}
    />
  );
}
