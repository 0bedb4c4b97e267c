import { Button, Menu } from '@mantine/core';
import type { AdminUserRow } from '../../../api/contract/user';
import type { Role } from '../../../domain/constants';
import { staffRoleSnapshotFor, type StaffRoleEventType } from '../../../../machines/rules/staffRoleMachine';

const LABELS: Record<StaffRoleEventType, string> = {
  'staff.promote': 'PROMOTE TO OWNER',
  'staff.demote': 'DEMOTE TO ADMIN',
  'staff.remove': 'REMOVE FROM STAFF',
};

interface StaffActionsMenuProps {
  row: AdminUserRow;
  viewer: { id: number; role: Role };
  onAction: (row: AdminUserRow, action: StaffRoleEventType) => void;
}

/** The OWNER's actions on another staff row, as the staff-role lifecycle allows them; nothing otherwise. */
export function StaffActionsMenu({ row, viewer, onAction }: StaffActionsMenuProps) {
  const isOwnRow = row.id === viewer.id;
  // The viewer, an OWNER on someone else's row, is always another owner.
  const snapshot = staffRoleSnapshotFor(row.role, { viewerRole: viewer.role, isOwnRow, otherOwners: viewer.role === 'OWNER' && !isOwnRow ? 1 : 0 });
  const actions = (Object.keys(LABELS) as StaffRoleEventType[]).filter((type) => snapshot.can({ type }));
  if (actions.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="light" aria-label={`Options for ${row.discordName}`}>
          OPTIONS
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((type) => (
          <Menu.Item key={type} color={type === 'staff.remove' ? 'red' : undefined} onClick={() => onAction(row, type)}>
            {LABELS[type]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
