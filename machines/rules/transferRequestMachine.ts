import { getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import type { TransferStatus } from '../../src/domain/constants';
import { TRANSFER_ERRORS } from '../../src/domain/messages';

/**
 * The lifecycle of a transfer request (spec: players-and-tournaments §4, seasons-and-admin Pending Transfers):
 * - awaitingPayment: the league charges for transfers and whoever asked has not paid yet; paying makes it pending,
 *   closing the payment cancels it;
 * - pending: an admin approves it (the roster change happens) or rejects it with a reason; the captain may withdraw it;
 * - rejected: the team's management dialog shows the reason until the captain's Ok cancels the entry;
 * - approved and cancelled are final.
 *
 * The admin screen asks `snapshot.can(event)` which buttons to enable; the server calls `assertTransferTransition`
 * with the very same definition before it changes a request. Events that need facts carry them (the reason, whether
 * the roster still allows the change), so the guards read as questions about the event. No I/O here.
 */
export type TransferEvent =
  | { type: 'transfer.pay' }
  | { type: 'transfer.approve'; rosterBlocker: string | null }
  | { type: 'transfer.reject'; rejectedReason: string | null | undefined }
  | { type: 'transfer.cancel' };

export type TransferEventType = TransferEvent['type'];

export const TRANSFER_EVENT_TYPES: readonly TransferEventType[] = ['transfer.pay', 'transfer.approve', 'transfer.reject', 'transfer.cancel'];

type StateKey = 'awaitingPayment' | 'pending' | 'approved' | 'rejected' | 'cancelled';

const STATE_OF: Record<TransferStatus, StateKey> = {
  AWAITING_PAYMENT: 'awaitingPayment',
  PENDING: 'pending',
  APPROVED: 'approved',
  REJECTED: 'rejected',
  CANCELLED: 'cancelled',
};

const STATUS_OF: Record<StateKey, TransferStatus> = {
  awaitingPayment: 'AWAITING_PAYMENT',
  pending: 'PENDING',
  approved: 'APPROVED',
  rejected: 'REJECTED',
  cancelled: 'CANCELLED',
};

/** A rejection reason worth keeping: some text once trimmed. */
export const hasRejectionReason = (reason: string | null | undefined) => typeof reason === 'string' && reason.trim() !== '';

/** Why the facts an event carries refuse it, whatever the state; null when they allow it. */
export function transferEventBlocker(event: TransferEvent): string | null {
  switch (event.type) {
    case 'transfer.approve':
      return event.rosterBlocker;
    case 'transfer.reject':
      return hasRejectionReason(event.rejectedReason) ? null : TRANSFER_ERRORS.reasonRequired;
    default:
      return null;
  }
}

export const transferRequestMachine = setup({
  types: {
    events: {} as TransferEvent,
  },
  guards: {
    rosterAllowsIt: ({ event }) => transferEventBlocker(event) === null,
    hasReason: ({ event }) => transferEventBlocker(event) === null,
  },
}).createMachine({
  id: 'transferRequest',
  initial: 'pending',
  states: {
    awaitingPayment: {
      on: {
        'transfer.pay': { target: 'pending' },
        'transfer.cancel': { target: 'cancelled' },
      },
    },
    pending: {
      on: {
        'transfer.approve': { target: 'approved', guard: 'rosterAllowsIt' },
        'transfer.reject': { target: 'rejected', guard: 'hasReason' },
        'transfer.cancel': { target: 'cancelled' },
      },
    },
    rejected: {
      on: { 'transfer.cancel': { target: 'cancelled' } },
    },
    approved: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type TransferSnapshot = SnapshotFrom<typeof transferRequestMachine>;

/** The machine's snapshot for a request in `status`. */
export function transferSnapshotFor(status: TransferStatus): TransferSnapshot {
  return transferRequestMachine.resolveState({ value: STATE_OF[status] });
}

/** The status a snapshot stands for. */
export const transferStatusOfSnapshot = (snapshot: TransferSnapshot): TransferStatus => STATUS_OF[snapshot.value as StateKey];

/** Whether the lifecycle allows `event` for a request in `status` (guards included). */
export const canTransfer = (status: TransferStatus, event: TransferEvent) => transferSnapshotFor(status).can(event);

/** The status after `event`, or null when the lifecycle refuses it. */
export function nextTransferStatus(status: TransferStatus, event: TransferEvent): TransferStatus | null {
  const snapshot = transferSnapshotFor(status);
  if (!snapshot.can(event)) return null;
  return transferStatusOfSnapshot(getNextSnapshot(transferRequestMachine, snapshot, event));
}

function stateListsEvent(status: TransferStatus, eventType: TransferEventType): boolean {
  const on = transferRequestMachine.states[STATE_OF[status]].on as Record<string, unknown>;
  return on[eventType] !== undefined;
}

/**
 * A lifecycle refusal. `statusCode` 409 lets the server's error handler answer it as a conflict with this message
 * wherever it is thrown.
 */
export class TransferTransitionError extends Error {
  readonly statusCode = 409;
  readonly code = 'TRANSFER_TRANSITION';
  constructor(
    readonly status: TransferStatus,
    readonly eventType: TransferEventType,
    message: string,
  ) {
    super(message);
    this.name = 'TransferTransitionError';
  }
}

/**
 * The status after `event`; throws TransferTransitionError (409) when the lifecycle refuses it: the state refusal
 * ("This transfer request is already APPROVED") when the state does not offer the step, else why its facts fail.
 */
export function assertTransferTransition(status: TransferStatus, event: TransferEvent): TransferStatus {
  const next = nextTransferStatus(status, event);
  if (next !== null) return next;
  const reason = stateListsEvent(status, event.type) ? transferEventBlocker(event) : null;
  throw new TransferTransitionError(status, event.type, reason ?? TRANSFER_ERRORS.refused(status));
}
