import { ActionIcon, Menu } from '@mantine/core';
import { Link } from 'wouter';
import type { Season } from '../../../api/contract/season';
import { seasonAllows } from '../../../../machines/flows/adminSeasonsMachine';
import { menuActions } from '../../../../machines/rules/lifecycleActions';
import { SEASON_ACTIONS, type SeasonAction } from '../../../../machines/rules/seasonActions';

interface Props {
  season: Season;
  onEdit: (s: Season) => void;
  onSplits: (s: Season) => void;
  onAction: (s: Season, action: SeasonAction) => void;
}

const { beforeEdit, afterEdit } = menuActions(SEASON_ACTIONS);

/**
 * The OPTIONS menu of a season row: exactly what the season machine allows in the season's state, the actions that
 * call the server from SEASON_ACTIONS in its order (destructive ones after Edit); View Season Preview, Division
 * Splits and Edit open screens.
 */
export function SeasonActionsMenu({ season, onEdit, onSplits, onAction }: Props) {
  const allows = (action: Parameters<typeof seasonAllows>[1]) => seasonAllows(season, action);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Options for ${season.name}`}>
          <span aria-hidden>⋮</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {allows('preview') && (
          <Menu.Item component={Link} href={`/seasons/${season.id}`}>
            View Season Preview
          </Menu.Item>
        )}
        {allows('splits') && <Menu.Item onClick={() => onSplits(season)}>Division Splits</Menu.Item>}
        {beforeEdit.filter(allows).map((action) => (
          <Menu.Item key={action} onClick={() => onAction(season, action)}>
            {SEASON_ACTIONS[action].label}
          </Menu.Item>
        ))}
        {allows('edit') && <Menu.Item onClick={() => onEdit(season)}>Edit</Menu.Item>}
        {afterEdit.filter(allows).map((action) => (
          <Menu.Item key={action} color="red" onClick={() => onAction(season, action)}>
            {SEASON_ACTIONS[action].label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
