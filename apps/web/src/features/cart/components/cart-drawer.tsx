import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useFocusReturn } from '../../../components/ui/focus-return.ts';
import { cartButtonElement } from './cart-button-element.ts';
import { CartPanel } from './cart-panel.tsx';
import './cart-drawer.css';

type CartDrawerProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** passed on to the panel: where checkout will go */
  footer?: ReactNode;
};

/**
 * The cart panel in a drawer from the right (full width on phones). Radix gives the focus trap,
 * Escape and the labelling; ui/dialog.tsx is a centred box too narrow for a cart. Closed, focus
 * goes back to what opened it, or to the header's cart button when that is gone (the phone's
 * cart bar disappears with the last line).
 */
export function CartDrawer({ open, onOpenChange, footer }: CartDrawerProps) {
  const focusReturn = useFocusReturn(open, cartButtonElement);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="cart-drawer__overlay" />
        <RadixDialog.Content className="cart-drawer" aria-describedby={undefined} {...focusReturn}>
          <div className="cart-drawer__head">
            <RadixDialog.Title className="cart-drawer__title">Your cart</RadixDialog.Title>
            <RadixDialog.Close className="cart-drawer__close" aria-label="Close the cart">
              ×
            </RadixDialog.Close>
          </div>
          <CartPanel heading={false} footer={footer} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
