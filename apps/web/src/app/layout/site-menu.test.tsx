import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MenuToggle, useSiteMenu } from './site-menu.tsx';

function Shell({ dialogOpen = false }: { dialogOpen?: boolean }) {
  const header = useRef<HTMLElement>(null);
  const menu = useSiteMenu(header);
  return (
    <>
      <header ref={header}>
        <MenuToggle {...menu.toggleProps} />
        <button type="button">Cart</button>
        <div {...menu.panelProps} data-open={menu.open}>
          <Link to="/shop">Shop</Link>
        </div>
      </header>
      <p>Outside</p>
      <a href="#page">Page link</a>
      {/* a dialog opened from the panel, as wallet sign-in is (portalled outside the header) */}
      {dialogOpen && (
        <div role="dialog" aria-label="Connect wallet">
          <button type="button">Cancel</button>
        </div>
      )}
    </>
  );
}

function renderMenu({ dialogOpen = false } = {}) {
  // One Shell for both pages, as the header stays mounted while the pages change under it.
  const router = createMemoryRouter([{ element: <Shell dialogOpen={dialogOpen} />, children: [{ path: '/' }, { path: '/shop' }] }], {
    initialEntries: ['/'],
  });
  render(<RouterProvider router={router} />);
  const toggle = screen.getByRole('button', { name: 'Menu' });
  const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
  return { toggle, panel, router };
}

describe('the phone header menu', () => {
  it('opens and closes with its button, which says whether it is open and what it controls', () => {
    const { toggle, panel } = renderMenu();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.dataset.open).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape with focus back on the button, on a press outside, and when a link is followed', async () => {
    const { toggle, panel, router } = renderMenu();
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);

    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Shop' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('link', { name: 'Shop' }));
    expect(router.state.location.pathname).toBe('/shop');
    expect(toggle.isConnected).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.dataset.open).toBe('false');
  });

  it('leaves Escape and presses inside a dialog opened from its panel to that dialog, and stays open under it', () => {
    const { toggle, panel } = renderMenu({ dialogOpen: true });
    fireEvent.click(toggle);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    act(() => cancel.focus());
    fireEvent.pointerDown(cancel);
    fireEvent.keyDown(cancel, { key: 'Escape' });
    expect(panel.dataset.open).toBe('true');
    expect(document.activeElement).toBe(cancel);
  });

  it('closes when focus moves on to the page, which its panel would cover; stays open while focus is in the header', () => {
    const { toggle, panel } = renderMenu();
    fireEvent.click(toggle);
    act(() => screen.getByRole('button', { name: 'Cart' }).focus());
    act(() => screen.getByRole('link', { name: 'Shop' }).focus());
    expect(panel.dataset.open).toBe('true');
    act(() => screen.getByRole('link', { name: 'Page link' }).focus());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel.dataset.open).toBe('false');
  });
});
