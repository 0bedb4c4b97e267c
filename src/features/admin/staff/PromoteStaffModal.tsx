import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { AppModal } from '../../../ui/AppModal/AppModal';
import { FormActions } from '../../../ui/FormActions/FormActions';
import { useState } from 'react';
import { AdminUserRow } from '../../../api/contract/user';
import { ADMIN_USERS_ENDPOINT, setStaffRole } from '../../../api/endpoints/adminUsers';
import { getPage } from '../../../api/endpoints/lists';
import { ERRORS, SUCCESS, VALIDATION } from '../../../domain/messages';
import { notifyClientError, notifyError, notifySuccess } from '../../../ui/notify';

interface PromoteStaffModalProps {
  onClose: () => void;
  onPromoted: () => void;
}

/** Promote New Staff: search a player (not staff, not banned), pick one, Promote → ADMIN. */
export function PromoteStaffModal({ onClose, onPromoted }: PromoteStaffModalProps) {
  const [term, setTerm] = useState('');
  const [termError, setTermError] = useState<string | null>(null);
  const [results, setResults] = useState<AdminUserRow[] | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const search = () => {
    if (!term.trim()) return setTermError(VALIDATION.staffSearch);
    setTermError(null);
    setBusy(true);
    getPage(ADMIN_USERS_ENDPOINT, AdminUserRow, { pageNo: 1, perPage: 10, search: term.trim() })
      .then((page) => {
        setResults(page.results.filter((u) => u.role === 'USER' && !u.banned));
        setSelected(null);
      }, notifyError)
      .finally(() => setBusy(false));
  };
  const promote = () => {
    const user = results?.find((u) => String(u.id) === selected);
    if (!user) return notifyClientError(ERRORS.invalidStaffUser.title, ERRORS.invalidStaffUser.message);
    setBusy(true);
    setStaffRole(user.id, 'ADMIN').then(
      () => {
        notifySuccess(SUCCESS.staffPromoted('ADMIN'));
        onPromoted();
      },
      (error) => {
        setBusy(false);
        notifyError(error);
      },
    );
  };
  return (
    <AppModal opened onClose={onClose} title="Promote New Staff" centered>
      <Stack>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            search();
          }}
        >
          <Group align="end" wrap="nowrap">
            <TextInput
              label="Search User"
              placeholder="Discord name or Activision ID"
              flex={1}
              maxLength={100}
              value={term}
              error={termError}
              onChange={(e) => setTerm(e.currentTarget.value)}
            />
            <Button type="submit" variant="light" disabled={busy}>
              Search
            </Button>
          </Group>
        </form>
        {results === null ? (
          <Text size="sm" c="dimmed">
            {VALIDATION.staffSearch}
          </Text>
        ) : results.length === 0 ? (
          <Text size="sm">No results found</Text>
        ) : (
          <Radio.Group label="Users" value={selected} onChange={setSelected}>
            <Stack gap="xs" mt="xs">
              {results.map((u) => (
                <Radio key={u.id} value={String(u.id)} label={u.battleTag ? `${u.discordName} (${u.battleTag})` : u.discordName} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <FormActions onCancel={onClose} onSubmit={promote} busy={busy} submitLabel="Promote" />
      </Stack>
    </AppModal>
  );
}
