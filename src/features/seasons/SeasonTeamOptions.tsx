import type { Season, SeasonTeam } from '../../api/contract/season';
import { refundSeasonEntry, removeSeasonTeam } from '../../api/endpoints/seasons';
import { SUCCESS } from '../../domain/messages';
import { OptionsMenu } from '../../ui/OptionsMenu/OptionsMenu';
import { canSeason } from '../../../machines/rules/seasonMachine';

interface SeasonTeamOptionsProps {
  season: Season;
  team: SeasonTeam;
  onChanged: () => void;
}

/** Staff options of a season's team: Refund Entry (a paid entry; gone once refunded) and Remove from Season (OPEN, CLOSED). */
export function SeasonTeamOptions({ season, team, onChanged }: SeasonTeamOptionsProps) {
  return (
    <OptionsMenu
      name={team.name}
      onChanged={onChanged}
      options={[
        {
          label: 'Refund Entry',
          message: `Refund the entry fee of ${team.name}?`,
          run: () => refundSeasonEntry(season.id, team.id),
          success: SUCCESS.refundProcessing,
          // Refunded: nothing left to refund, so it is no longer offered; unpaid (a free or seeded entry): shown, disabled.
          hidden: team.refunded === true,
          disabled: team.paid === false,
        },
        {
          label: 'Remove from Season',
          message: `Remove ${team.name} from ${season.name}? A paid entry is not refunded by removing it.`,
          run: () => removeSeasonTeam(season.id, team.id),
          success: SUCCESS.teamRemoved,
          danger: true,
          disabled: !canSeason(season.seasonType, { type: 'season.removeTeam' }),
        },
      ]}
    />
  );
}
