import { Stack, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { AuditEntry } from '../../../api/contract/audit';
import { AUDIT_ENDPOINT } from '../../../api/endpoints/audit';
import { DateText } from '../../../ui/DateText/DateText';
import { PagedTable } from '../../../ui/PagedTable/PagedTable';
import { usePagedList } from '../../../ui/PagedTable/usePagedList';
import { PageTitle } from '../../../ui/PageTitle/PageTitle';
import { AUDIT_ACTION_LABELS, auditChangeLines, auditTargetText } from './auditText';

const column = createColumnHelper<AuditEntry>();

const COLUMNS = [
  column.accessor('when', { header: 'WHEN', cell: ({ getValue }) => <DateText value={getValue()} withTime /> }),
  column.accessor((e) => e.who.discordName, { id: 'who', header: 'WHO' }),
  column.accessor((e) => AUDIT_ACTION_LABELS[e.what], { id: 'what', header: 'WHAT' }),
  column.accessor(auditTargetText, { id: 'target', header: 'TARGET' }),
  column.display({
    id: 'change',
    header: 'BEFORE → AFTER',
    cell: ({ row }) => (
      <Stack gap={0}>
        {auditChangeLines(row.original).map((line) => (
          <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {line}
          </Text>
        ))}
      </Stack>
    ),
  }),
];

/** /admin/audit (OWNER only): who changed which role, record or site image, and when; newest first. */
export function AuditLogPage() {
  const list = usePagedList(AUDIT_ENDPOINT, AuditEntry, { perPage: 10 });
  return (
    <>
      <PageTitle>Audit Log</PageTitle>
      <PagedTable list={list} columns={COLUMNS} showTotal getRowId={(e) => String(e.id)} />
    </>
  );
}
