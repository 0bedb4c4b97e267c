import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestModel } from '@xstate/graph';
import { transferRequests } from '../../server/db/schema';
import {
  canTransfer,
  nextTransferStatus,
  transferRequestMachine,
  transferSnapshotFor,
  type TransferEvent,
} from '../../machines/rules/transferRequestMachine';
import { TRANSFER_STATUSES, type TransferStatus } from '../../src/domain/constants';
import type { TransferOutcome } from '../../src/api/contract/transfer';
import { useTestServer, type Agent } from '../support/testServer';
import { teamInSeason, transferRow } from '../server/transfers.fixtures';

/**
 * The transfer request lifecycle, model-based: four @xstate/graph walks from a request waiting for its payment
 * take every transition of the machine (checked below); each path runs against the real in-process server (the
 * captain's removal request, the fee's payment, the admin's decisions, the cancels), and every state it reaches is
 * checked in the database. Then every stored state against every step: the server refuses (409) exactly what the
 * machine does not allow.
 */
const EVENTS: TransferEvent[] = [
  { type: 'transfer.pay' },
  { type: 'transfer.approve', rosterBlocker: null },
  { type: 'transfer.reject', rejectedReason: 'Roster frozen' },
  { type: 'transfer.cancel' },
];
const STATUS_OF_STATE: Record<string, TransferStatus> = {
  awaitingPayment: 'AWAITING_PAYMENT',
  pending: 'PENDING',
  approved: 'APPROVED',
  rejected: 'REJECTED',
  cancelled: 'CANCELLED',
};
const CARD_OK = '4242 4242 4242 4242';
const FROM_UNPAID = { events: EVENTS, fromState: transferSnapshotFor('AWAITING_PAYMENT') };
const [PAY, APPROVE, REJECT, CANCEL] = EVENTS;
/** Four walks from an unpaid request that together take every transition (checked below). */
const WALKS: TransferEvent[][] = [[PAY, APPROVE], [PAY, REJECT, CANCEL], [PAY, CANCEL], [CANCEL]];
const walkPaths = () => {
  const model = createTestModel(transferRequestMachine);
  return WALKS.map((walk) => model.getPathsFromEvents(walk, FROM_UNPAID)[0]);
};

const transitionsOf = (paths: { steps: { state: { value: unknown }; event: { type: string } }[] }[]) =>
  new Set(paths.flatMap((p) => p.steps.slice(1).map((s, i) => `${String(p.steps[i].state.value)} ${s.event.type} ${String(s.state.value)}`)));

describe('transferRequestMachine', () => {
  const server = useTestServer({ seed: true, config: { transferFeeCents: 250 } });

  it('defines pending → approved | rejected (with a reason) | cancelled, the payment first when charged', () => {
    const moves = TRANSFER_STATUSES.flatMap((from) => EVENTS.map((e) => `${from} ${e.type} ${nextTransferStatus(from, e) ?? '-'}`)).filter((m) => !m.endsWith('-'));
    expect(moves).toEqual([
      'AWAITING_PAYMENT transfer.pay PENDING',
      'AWAITING_PAYMENT transfer.cancel CANCELLED',
      'PENDING transfer.approve APPROVED',
      'PENDING transfer.reject REJECTED',
      'PENDING transfer.cancel CANCELLED',
      'REJECTED transfer.cancel CANCELLED',
    ]);
    expect(canTransfer('PENDING', { type: 'transfer.reject', rejectedReason: '  ' })).toBe(false);
    expect(canTransfer('PENDING', { type: 'transfer.approve', rosterBlocker: 'Ace has joined another team meanwhile' })).toBe(false);
  });

  it('the walks from an unpaid request take every transition', () => {
    const stateOf = (status: TransferStatus) => String(transferSnapshotFor(status).value);
    const moves = TRANSFER_STATUSES.flatMap((from) =>
      EVENTS.flatMap((e) => {
        const to = nextTransferStatus(from, e);
        return to ? [`${stateOf(from)} ${e.type} ${stateOf(to)}`] : [];
      }),
    );
    expect(moves).toHaveLength(6);
    expect(transitionsOf(walkPaths())).toEqual(new Set(moves));
  });

  it('walks every path against the server, the stored status following the machine', async () => {
    const admin = await server.agent().signIn('AdminAce');
    const finals: TransferStatus[] = [];
    for (const path of walkPaths()) {
      expect(path.steps.length).toBeGreaterThan(1);
      const { team, members, agent } = await teamInSeason(server);
      const member = members[0];
      const asked = (await agent.post(`/v1/transfer/${team.id}/${member.id}`)).body as TransferOutcome;
      const id = asked.transfer.id;
      const expectStatus = (status: TransferStatus) => async () => expect((await transferRow(server, id)).status, path.description).toBe(status);
      const ok = async (reply: Promise<{ status: number }>) => expect((await reply).status, path.description).toBe(200);
      const pay = async (captain: Agent) => {
        const secret = await captain.post(`/v1/billing/transfer-request/${team.id}`, { teamId: team.id, addPlayer: false, userId: member.id });
        await ok(captain.post('/v1/billing/local/confirm', { clientSecret: secret.body.clientSecret, cardNumber: CARD_OK }));
      };
      await path.test({
        states: Object.fromEntries(Object.entries(STATUS_OF_STATE).map(([state, status]) => [state, expectStatus(status)])),
        events: {
          'transfer.pay': () => pay(agent),
          'transfer.approve': () => ok(admin.patch(`/v1/transfer/${id}`, { approved: true })),
          'transfer.reject': () => ok(admin.patch(`/v1/transfer/${id}`, { approved: false, rejectedReason: 'Roster frozen' })),
          // Unpaid: the captain closes the payment; otherwise withdraws it, or acknowledges the rejection (Ok).
          'transfer.cancel': async (step) => {
            const unpaid = path.steps.findIndex((s) => s === step) === 1 && path.steps[0].state.value === 'awaitingPayment';
            await ok(unpaid ? agent.delete(`/v1/billing/transfer-request/${team.id}`) : agent.delete(`/v1/transfer/${team.id}/${member.id}`));
          },
        },
      });
      finals.push((await transferRow(server, id)).status);
    }
    expect(finals).toEqual(['APPROVED', 'CANCELLED', 'CANCELLED', 'CANCELLED']);
  });

  it('refuses (409) every step the machine does not allow, in every stored status', async () => {
    const admin = await server.agent().signIn('AdminAce');
    const db = server.database.db;
    for (const status of TRANSFER_STATUSES) {
      const calls: [TransferEvent, (team: number, user: number, id: number, captain: Agent) => Promise<{ status: number }>][] = [
        [{ type: 'transfer.approve', rosterBlocker: null }, (_t, _u, id) => admin.patch(`/v1/transfer/${id}`, { approved: true })],
        [{ type: 'transfer.reject', rejectedReason: 'No' }, (_t, _u, id) => admin.patch(`/v1/transfer/${id}`, { approved: false, rejectedReason: 'No' })],
        [{ type: 'transfer.cancel' }, (team, user, _id, captain) => captain.delete(`/v1/transfer/${team}/${user}`)],
      ];
      for (const [event, call] of calls) {
        const { team, members, agent } = await teamInSeason(server);
        const [row] = await db.insert(transferRequests).values({ teamId: team.id, userId: members[0].id, addPlayer: false, status }).returning();
        const res = await call(team.id, members[0].id, row.id, agent);
        // A cancel of a request no longer open finds nothing to cancel (404): the lifecycle's "no" seen from the team.
        const refused = event.type === 'transfer.cancel' && (status === 'APPROVED' || status === 'CANCELLED') ? 404 : 409;
        expect(res.status, `${status} ${event.type}`).toBe(canTransfer(status, event) ? 200 : refused);
        const [after] = await db.select().from(transferRequests).where(eq(transferRequests.id, row.id));
        expect(after.status, `${status} ${event.type}`).toBe(nextTransferStatus(status, event) ?? status);
      }
    }
  });
});
