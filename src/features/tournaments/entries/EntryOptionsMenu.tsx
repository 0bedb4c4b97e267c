import type { Entry, Tournament } from '../../../api/contract/tournament';
import { refundTournamentEntry } from '../../../api/endpoints/billing';
import { removeEntry } from '../../../api/endpoints/tournaments';
import { SUCCESS } from '../../../domain/messages';
import { hasStarted } from '../../../domain/tournamentRules';
import { OptionsMenu } from '../../../ui/OptionsMenu/OptionsMenu';
import { entryName } from '../../../domain/entryName';

interface EntryOptionsMenuProps {
  tournament: Tournament;
  entry: Entry;
  onChanged: () => void;
}

/** Staff options of an entry: remove it, and refund it when the tournament has an entry fee. */
export function EntryOptionsMenu({ tournament: t, entry, onChanged }: EntryOptionsMenuProps) {
  const name = entryName(entry);
  return (
    <OptionsMenu
      name={name}
      onChanged={onChanged}
      options={[
        {
          label: 'Remove entry',
          message: `Remove ${name} from ${t.title}? A paid entry is not refunded by removing it.`,
          run: () => removeEntry(t.id, entry.id),
          success: SUCCESS.entryRemoved,
          danger: true,
          disabled: hasStarted(t),
        },
        {
          label: 'Refund entry',
          message: `Refund the entry fee of ${name}? The entry no longer counts once it is refunded.`,
          run: () => refundTournamentEntry(t.id, entry.id),
          success: SUCCESS.refundProcessing,
          disabled: entry.paid === false,
          // Like a season's team: a refunded entry has nothing left to refund.
          hidden: t.entryFee <= 0 || entry.refunded === true,
        },
      ]}
    />
  );
}
