import { useEffect, useId, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { dialogIsOpen, isInDialog } from '../../components/ui/open-dialog.ts';

/** Where the header becomes one row with a Menu; layout.css switches at the same width. */
const PHONE_HEADER_QUERY = '(max-width: 960px)';

const phoneQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_HEADER_QUERY) : null);

function subscribePhoneHeader(onChange: () => void) {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** True while the header is the phone row (its links folded behind the Menu button). */
export function usePhoneHeader(): boolean {
  // The build-time prerender draws the phone header (decision 0073); a wider screen adopts that
  // markup, then redraws as its own (the order of two blocks in the row).
  return useSyncExternalStore(subscribePhoneHeader, () => phoneQuery()?.matches ?? false, () => true);
}


/**
 * The phone header's Menu: a disclosure button and the panel it shows (the links and sign-in).
 * On wider screens layout.css hides the button and always shows the panel's content in the row.
 * The panel closes when a link is followed (the location changes), on Escape (focus back on the
 * button), on a press outside the header (a dialog opened from it is not outside), and when focus moves on to the page: the panel hangs
 * over the page, so a control focused there would be under it.
 */
export function useSiteMenu(header: RefObject<HTMLElement | null>) {
  const location = useLocation();
  // Open for the page it was opened on: following a link closes it without an effect.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const id = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      // Escape in a dialog opened from the panel (wallet sign-in) closes that dialog only, so
      // focus can go back to the panel's button that opened it. Radix handles it first (its
      // listener captures) and marks it handled; by now the dialog may already be gone.
      if (event.key !== 'Escape' || event.defaultPrevented || dialogIsOpen()) return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    const onPress = (event: PointerEvent) => {
      const target = event.target as Element;
      if (panelRef.current?.contains(target) || toggleRef.current?.contains(target) || isInDialog(target)) return;
      setOpenOn(null);
    };
    const onFocus = (event: FocusEvent) => {
      const target = event.target as Element;
      // A dialog opened from the panel covers the page and gives focus back on close.
      if (header.current?.contains(target) || isInDialog(target)) return;
      setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open, header]);

  return {
    open,
    toggleProps: {
      open,
      controls: id,
      buttonRef: toggleRef,
      onToggle: () => setOpenOn(open ? null : location.key),
    },
    panelProps: { id, ref: panelRef },
  };
}

type MenuToggleProps = {
  open: boolean;
  controls: string;
  buttonRef: RefObject<HTMLButtonElement | null>;
  onToggle: () => void;
};

/** Three lines, or a cross while the menu is open; named "Menu" for screen readers. */
export function MenuToggle({ open, controls, buttonRef, onToggle }: MenuToggleProps) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="site-header__menu-toggle"
      aria-label="Menu"
      aria-expanded={open}
      aria-controls={controls}
      data-testid="header-menu"
      onClick={onToggle}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
        {open ? (
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
    </button>
  );
}
