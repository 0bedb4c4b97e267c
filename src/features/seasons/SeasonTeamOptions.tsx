import { ActionIcon, Menu } from '@mantine/core';
import type { Season, SeasonTeam } from '../../api/contract/season';
import { refundSeasonEntry, removeSeasonTeam } from '../../api/endpoints/seasons';
import { SUCCESS } from '../../domain/messages';
import { confirmAction } from '../../ui/ConfirmDialog/confirmAction';
import { notifyError, notifySuccess } from '../../ui/notify';
import { canSeason } from '../../../machines/seasonMachine';

interface SeasonTeamOptionsProps {
  season: Season;
  team: SeasonTeam;
  onChanged: () => void;
}

/** Staff options of a season's team: Refund Entry (a paid, unrefunded entry) and Remove from Season (OPEN, CLOSED). */
export function SeasonTeamOptions({ season, team, onChanged }: SeasonTeamOptionsProps) {
  const remove = () =>
    confirmAction({
      title: 'Remove from Season',
      message: `Remove ${team.name} from ${season.name}? A paid entry is not refunded by removing it.`,
      confirmLabel: 'Remove from Season',
      onConfirm: () =>
        removeSeasonTeam(season.id, team.id).then(() => {
          notifySuccess(SUCCESS.teamRemoved);
          onChanged();
        }, notifyError),
    });
  const refund = () =>
    confirmAction({
      title: 'Refund Entry',
      message: `Refund the entry fee of ${team.name}?`,
      confirmLabel: 'Refund Entry',
      onConfirm: () =>
        refundSeasonEntry(season.id, team.id).then(() => {
          notifySuccess(SUCCESS.refundProcessing);
          onChanged();
        }, notifyError),
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Options for ${team.name}`}>
          ⋮
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={refund} disabled={team.refunded === true || team.paid === false}>
          Refund Entry
        </Menu.Item>
        <Menu.Item color="red" onClick={remove} disabled={!canSeason(season.seasonType, { type: 'season.removeTeam' })}>
          Remove from Season
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
