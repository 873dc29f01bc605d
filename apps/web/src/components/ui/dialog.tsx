import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useFocusReturn } from './focus-return.ts';
import './dialog.css';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Usually the action buttons. */
  children?: ReactNode;
};

/** A modal on Radix: focus trap, Escape to close, labelled by its title, focus back where it was opened from. */
export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  const focusReturn = useFocusReturn(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className="dialog__content"
          {...focusReturn}
          // Radix warns without a description; pass undefined explicitly when there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogActions = ({ children }: { children: ReactNode }) => (
  <div className="dialog__actions">{children}</div>
);
