import { Modal, type ModalProps } from '@mantine/core';
import { MODAL_WIDTH } from '../../domain/constants';

/** The width of every dialog of the site (spec §9): 600 px when large, 400 px otherwise. */
export const modalWidth = (large = false) => (large ? MODAL_WIDTH.large : MODAL_WIDTH.normal);

export interface AppModalProps extends Omit<ModalProps, 'size'> {
  /** A dialog with a form of many fields, a list to manage or the card form: 600 px instead of 400 px. */
  large?: boolean;
}

/** Mantine's Modal at one of the spec's two widths; every dialog of the SPA is one of these (ESLint keeps it so). */
export function AppModal({ large, ...props }: AppModalProps) {
  return <Modal size={modalWidth(large)} {...props} />;
}
