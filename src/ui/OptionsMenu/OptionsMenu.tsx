import { ActionIcon, Menu } from '@mantine/core';
import { confirmAction } from '../ConfirmDialog/confirmAction';
import { notifyError, notifySuccess } from '../notify';

/** One action of an options menu: confirmed first, then called; its success message follows. */
export interface ConfirmedOption {
  /** The menu item's label, also the dialog's title and confirm button. */
  label: string;
  /** The confirmation's question. */
  message: string;
  run: () => Promise<unknown>;
  /** The notification once it succeeded. */
  success: { title: string; message?: string };
  danger?: boolean;
  disabled?: boolean;
  /** Left out of the menu (not just disabled). */
  hidden?: boolean;
}

interface OptionsMenuProps {
  /** Whose options these are ("Options for {name}" for screen readers). */
  name: string;
  options: ConfirmedOption[];
  /** After any option succeeded (reload the list). */
  onChanged: () => void;
}

/** The ⋮ menu of a staff table row (a tournament entry, a season's team): each item asks to confirm, runs, notifies. */
export function OptionsMenu({ name, options, onChanged }: OptionsMenuProps) {
  const choose = (option: ConfirmedOption) =>
    confirmAction({
      title: option.label,
      message: option.message,
      confirmLabel: option.label,
      onConfirm: () =>
        option.run().then(() => {
          notifySuccess(option.success);
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
        {options
          .filter((o) => !o.hidden)
          .map((o) => (
            <Menu.Item key={o.label} color={o.danger ? 'red' : undefined} onClick={() => choose(o)} disabled={o.disabled}>
              {o.label}
            </Menu.Item>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}
