import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogActions } from './dialog.tsx';

/** A page with a button that opens a dialog from state, as every dialog of the app is opened. */
function Opener({ label, children }: { label: string; children?: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {label}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={`${label} dialog`}>
        {children?.(() => setOpen(false))}
        <DialogActions>
          <button type="button" onClick={() => setOpen(false)}>
            Close {label}
          </button>
        </DialogActions>
      </Dialog>
    </>
  );
}

const press = (element: HTMLElement) => {
  element.focus();
  fireEvent.click(element);
};
const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

describe('focus after a dialog closes', () => {
  it('goes back to the button that opened it, on Escape and on Close', async () => {
    render(<Opener label="Odds" />);
    const opener = screen.getByRole('button', { name: 'Odds' });

    press(opener);
    await screen.findByRole('dialog', { name: 'Odds dialog' });
    escape();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));

    press(opener);
    press(await screen.findByRole('button', { name: 'Close Odds' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('goes back into the dialog underneath when a dialog opened from it closes', async () => {
    render(<Opener label="Cart">{() => <Opener label="Checkout" />}</Opener>);
    press(screen.getByRole('button', { name: 'Cart' }));
    const checkout = await screen.findByRole('button', { name: 'Checkout' });
    press(checkout);
    await screen.findByRole('dialog', { name: 'Checkout dialog' });

    escape();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checkout dialog' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(checkout));
    expect(screen.getByRole('dialog', { name: 'Cart dialog' })).toBeTruthy();
  });

  it('goes to the outer opener when both dialogs close at once', async () => {
    render(<Opener label="Cart">{(closeCart) => <button onClick={closeCart}>Buy</button>}</Opener>);
    const cart = screen.getByRole('button', { name: 'Cart' });
    press(cart);
    press(await screen.findByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(cart));
  });

  it('goes to the page when the opener is gone', async () => {
    function Vanishing() {
      const [shown, setShown] = useState(true);
      return (
        <main tabIndex={-1}>
          {shown && (
            <Opener label="Bar">{(close) => <button onClick={() => (setShown(false), close())}>Empty</button>}</Opener>
          )}
        </main>
      );
    }
    render(<Vanishing />);
    press(screen.getByRole('button', { name: 'Bar' }));
    press(await screen.findByRole('button', { name: 'Empty' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('main')));
  });

  it('goes to the menu button when the opener sits in a menu panel that closed meanwhile', async () => {
    function Menu() {
      const [expanded, setExpanded] = useState(true);
      return (
        <>
          <button aria-controls="menu-panel" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            Menu
          </button>
          <div id="menu-panel" style={{ display: expanded ? 'block' : 'none' }}>
            <Opener label="Connect wallet">{() => <button onClick={() => setExpanded(false)}>Fold</button>}</Opener>
          </div>
        </>
      );
    }
    render(<Menu />);
    press(screen.getByRole('button', { name: 'Connect wallet' }));
    press(await screen.findByRole('button', { name: 'Fold' }));
    // jsdom has no layout: a hidden element takes focus there, so fake what a browser does.
    const opener = screen.getByRole('button', { name: 'Connect wallet', hidden: true });
    opener.focus = () => {};
    escape();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' })));
  });

  it('follows a flow of dialogs back to where it started', async () => {
    function Steps() {
      const [step, setStep] = useState<'first' | 'second' | null>(null);
      return (
        <>
          <button onClick={() => setStep('first')}>Start</button>
          <Dialog open={step === 'first'} onOpenChange={() => setStep(null)} title="First">
            <button onClick={() => setStep('second')}>Next</button>
          </Dialog>
          <Dialog open={step === 'second'} onOpenChange={() => setStep(null)} title="Second">
            <button>Pay</button>
          </Dialog>
        </>
      );
    }
    render(<Steps />);
    const start = screen.getByRole('button', { name: 'Start' });
    press(start);
    press(await screen.findByRole('button', { name: 'Next' }));
    const pay = await screen.findByRole('button', { name: 'Pay' });
    await waitFor(() => expect(document.activeElement).toBe(pay));
    escape();
    await waitFor(() => expect(document.activeElement).toBe(start));
  });
});
