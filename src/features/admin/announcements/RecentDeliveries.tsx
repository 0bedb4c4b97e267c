import { Badge, Table, Text } from '@mantine/core';
import type { AnnouncementDelivery } from '../../../api/contract/announcements';
import { DateText } from '../../../ui/DateText/DateText';

const STATE: Record<AnnouncementDelivery['state'], { label: string; color: string }> = {
  PENDING: { label: 'Queued', color: 'yellow' },
  SENDING: { label: 'Sending', color: 'blue' },
  DELIVERED: { label: 'Delivered', color: 'green' },
  FAILED: { label: 'Failed', color: 'red' },
  CANCELLED: { label: 'Cancelled', color: 'gray' },
};

/** A queued delivery that already failed once is waiting to retry. */
const stateOf = (d: AnnouncementDelivery) => (d.state === 'PENDING' && d.attempts > 0 ? { label: 'Retrying', color: 'orange' } : STATE[d.state]);

/** The latest Discord announcements of a tournament or season and how each delivery went (newest first). */
export function RecentDeliveries({ deliveries }: { deliveries: AnnouncementDelivery[] }) {
  if (deliveries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing announced yet.
      </Text>
    );
  }
  return (
    <Table fz="sm" verticalSpacing={4} aria-label="Recent announcements">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>WHEN</Table.Th>
          <Table.Th>ANNOUNCEMENT</Table.Th>
          <Table.Th>STATE</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deliveries.map((d) => {
          const state = stateOf(d);
          return (
            <Table.Tr key={d.id}>
              <Table.Td>
                <DateText value={d.deliveredAt ?? d.createdAt} withTime />
              </Table.Td>
              <Table.Td>
                {d.title}
                {d.lastError && (
                  <Text size="xs" c="red.4">
                    {d.lastError}
                    {d.attempts > 0 ? ` (${d.attempts} failed ${d.attempts === 1 ? 'try' : 'tries'})` : ''}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={state.color} variant="light">
                  {state.label}
                </Badge>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
