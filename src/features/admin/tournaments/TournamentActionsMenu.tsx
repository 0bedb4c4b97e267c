import { ActionIcon, Menu } from '@mantine/core';
import { Link } from 'wouter';
import type { Tournament } from '../../../api/contract/tournament';
import { tournamentSnapshotFor } from '../../../../machines/tournamentMachine';
import type { RowAction } from '../../../../machines/adminTournamentsMachine';

interface Props {
  tournament: Tournament;
  onEdit: (t: Tournament) => void;
  onAction: (t: Tournament, action: RowAction) => void;
}

/**
 * The OPTIONS menu of a row. What it offers comes from the lifecycle machine for the tournament's status:
 * Close (OPEN, ACTIVE), Open and Start (CLOSED; start goes through the maps and modes page), Maps and Modes
 * (ACTIVE), Discord Clean Up (COMPLETED), Edit and Delete (always).
 */
export function TournamentActionsMenu({ tournament: t, onEdit, onAction }: Props) {
  const lifecycle = tournamentSnapshotFor(t.status);
  const can = (type: Parameters<typeof lifecycle.can>[0]['type']) => lifecycle.can({ type });
  const maps = `/admin/tournaments/${t.id}/maps`;
  // Predefined entries only matter until the bracket is generated.
  const beforeStart = lifecycle.matches('open') || lifecycle.matches('closed');
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Options for ${t.title}`}>
          <span aria-hidden>⋮</span>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} href={`/tournaments/${t.id}/details`}>
          View
        </Menu.Item>
        <Menu.Item component={Link} href={`/tournaments/${t.id}/entries`}>
          Entries
        </Menu.Item>
        {beforeStart && (
          <Menu.Item component={Link} href={`/admin/tournaments/${t.id}/entries`}>
            Predefined Entries
          </Menu.Item>
        )}
        {can('tournament.edit') && <Menu.Item onClick={() => onEdit(t)}>Edit</Menu.Item>}
        {can('tournament.close') && <Menu.Item onClick={() => onAction(t, 'close')}>Close</Menu.Item>}
        {can('tournament.open') && <Menu.Item onClick={() => onAction(t, 'open')}>Open</Menu.Item>}
        {can('tournament.start') ? (
          <Menu.Item component={Link} href={maps}>
            Start
          </Menu.Item>
        ) : (
          can('tournament.editMaps') && (
            <Menu.Item component={Link} href={maps}>
              Maps and Modes
            </Menu.Item>
          )
        )}
        {can('tournament.cleanDiscord') && <Menu.Item onClick={() => onAction(t, 'cleanDiscord')}>Discord Clean Up</Menu.Item>}
        {can('tournament.delete') && (
          <Menu.Item color="red" onClick={() => onAction(t, 'delete')}>
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
