import { ActionIcon, Menu } from '@mantine/core';
import { Link } from 'wouter';
import type { Season } from '../../../api/contract/season';
import { seasonAllows, type SeasonAction } from '../../../../machines/adminSeasonsMachine';

interface Props {
  season: Season;
  onEdit: (s: Season) => void;
  onSplits: (s: Season) => void;
  onAction: (s: Season, action: SeasonAction) => void;
}

/** Lifecycle actions in menu order, with their labels (seasons-and-admin §4). */
const LIFECYCLE: readonly [SeasonAction, string][] = [
  ['closeSignups', 'Close Signups'],
  ['reopenSignups', 'Reopen Signups'],
  ['startGroupStages', 'Start Group Stages'],
  ['resetGroupStages', 'Reset to Closed'],
  ['startPlayoffs', 'Start Playoffs'],
  ['revertToGroupStages', 'Reset to Group Stages'],
];

/**
 * The OPTIONS menu of a season row: exactly what the season machine allows in the season's state (OPEN: Close
 * Signups; CLOSED: Reopen Signups, View Season Preview, Division Splits, Start Group Stages; GROUP_STAGES: Reset
 * to Closed, Start Playoffs; PLAYOFFS: Reset to Group Stages; always Edit and Delete).
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
        {LIFECYCLE.filter(([action]) => allows(action)).map(([action, label]) => (
          <Menu.Item key={action} onClick={() => onAction(season, action)}>
            {label}
          </Menu.Item>
        ))}
        {allows('edit') && <Menu.Item onClick={() => onEdit(season)}>Edit</Menu.Item>}
        {allows('delete') && (
          <Menu.Item color="red" onClick={() => onAction(season, 'delete')}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
