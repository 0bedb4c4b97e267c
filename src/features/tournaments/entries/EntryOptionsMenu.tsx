import { ActionIcon, Menu } from '@mantine/core';
import type { Entry, Tournament } from '../../../api/contract/tournament';
import { refundTournamentEntry } from '../../../api/endpoints/billing';
import { removeEntry } from '../../../api/endpoints/tournaments';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { SUCCESS } from '../../../domain/messages';
import { hasStarted } from '../../../domain/tournamentRules';
import { confirmAction } from '../../../ui/ConfirmDialog/confirmAction';
import { entryName } from './entryName';

interface EntryOptionsMenuProps {
  tournament: Tournament;
  entry: Entry;
  onChanged: () => void;
}

/** Staff options of an entry: remove it, and refund it when the tournament has an entry fee. */
export function EntryOptionsMenu({ tournament: t, entry, onChanged }: EntryOptionsMenuProps) {
  const name = entryName(entry);
  const started = hasStarted(t);
  const remove = () =>
    confirmAction({
      title: 'Remove entry',
      message: `Remove ${name} from ${t.title}? A paid entry is not refunded by removing it.`,
      confirmLabel: 'Remove entry',
      onConfirm: () =>
        removeEntry(t.id, entry.id).then(() => {
          notifySuccess(SUCCESS.entryRemoved);
          onChanged();
        }, notifyError),
    });
  const refund = () =>
    confirmAction({
      title: 'Refund entry',
      message: `Refund the entry fee of ${name}? The entry no longer counts once it is refunded.`,
      confirmLabel: 'Refund entry',
      onConfirm: () =>
        refundTournamentEntry(t.id, entry.id).then(() => {
          notifySuccess(SUCCESS.refundProcessing);
          onChanged();
        }, notifyError),
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Options for ${name}`}>
          ⋮
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item color="red" onClick={remove} disabled={started}>
          Remove entry
        </Menu.Item>
        {t.entryFee > 0 && (
          <Menu.Item onClick={refund} disabled={entry.refunded === true || entry.paid === false}>
            Refund entry
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
