import { ActionIcon, Menu } from '@mantine/core';
import { Link } from 'wouter';
import type { Tournament } from '../../../api/contract/tournament';
import { tournamentSnapshotFor } from '../../../../machines/rules/tournamentMachine';
import { tournamentAllows, type RowAction } from '../../../../machines/flows/adminTournamentsMachine';
import { menuActions } from '../../../../machines/rules/lifecycleActions';
import { TOURNAMENT_ACTIONS } from '../../../../machines/rules/tournamentActions';

const { beforeEdit, afterEdit } = menuActions(TOURNAMENT_ACTIONS);

interface Props {
  tournament: Tournament;
  onEdit: (t: Tournament) => void;
  onAction: (t: Tournament, action: RowAction) => void;
}

/**
 * The OPTIONS menu of a row. What it offers comes from the lifecycle machine for the tournament's status: the
 * links, Edit, the calls of TOURNAMENT_ACTIONS in table order (Close, Open, Discord Clean Up), Start or Maps and
 * Modes (links to the maps page), then the destructive calls (Delete).
 */
export function TournamentActionsMenu({ tournament: t, onEdit, onAction }: Props) {
  const lifecycle = tournamentSnapshotFor(t.status);
  const can = (type: Parameters<typeof lifecycle.can>[0]['type']) => lifecycle.can({ type });
  const maps = `/admin/tournaments/${t.id}/maps`;
  // Predefined entries only matter until the bracket is generated.
  const beforeStart = lifecycle.matches('open') || lifecycle.matches('closed');
  const calls = beforeEdit.filter((a) => tournamentAllows(t, a));
  const item = (a: RowAction, color?: string) => (
    <Menu.Item key={a} color={color} onClick={() => onAction(t, a)}>
      {TOURNAMENT_ACTIONS[a].label}
    </Menu.Item>
  );
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
        {calls.map((a) => item(a))}
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
        {afterEdit.filter((a) => tournamentAllows(t, a)).map((a) => item(a, 'red'))}
      </Menu.Dropdown>
    </Menu>
  );
}
