import { useEffect, useId, useState } from 'react';

/**
 * Where a dialog was opened from. `outer` is the dialog that held the opener, if any: checkout
 * opened from the cart drawer, or one step of checkout opened from the step before it (the
 * earlier step's dialog is gone by the time this one closes, so its own opener is next in line).
 */
type OpenedFrom = {
  element: HTMLElement | null;
  fallback?: () => HTMLElement | null;
  outer?: OpenedFrom;
};

/** The open dialogs, by the id their content carries, so a dialog opened inside one finds it. */
const openDialogs = new Map<string, OpenedFrom>();
const HOST_ATTRIBUTE = 'data-focus-return';

function captureOpener(fallback?: () => HTMLElement | null): OpenedFrom {
  const active = document.activeElement;
  const element = active instanceof HTMLElement && active !== document.body ? active : null;
  const host = element?.closest(`[${HOST_ATTRIBUTE}]`)?.getAttribute(HOST_ATTRIBUTE);
  return { element, fallback, outer: host ? openDialogs.get(host) : undefined };
}

const tryFocus = (element: HTMLElement | null | undefined): boolean => {
  if (!element?.isConnected) return false;
  element.focus();
  // A hidden element (display: none, a closed panel) silently refuses focus.
  return document.activeElement === element;
};

/** The button of the disclosure (aria-controls) whose closed panel now hides `element`: the phone menu. */
function disclosureOf(element: HTMLElement): HTMLElement | null {
  const toggles = [...document.querySelectorAll<HTMLElement>('[aria-controls]')];
  for (let panel = element.parentElement; panel; panel = panel.parentElement) {
    const id = panel.id;
    const toggle = id && toggles.find((t) => t.getAttribute('aria-controls')!.split(/\s+/).includes(id));
    if (toggle) return toggle;
  }
  return null;
}

/** Someone already put focus somewhere on purpose: the next dialog, a page's heading. */
const focusIsPlaced = (): boolean => {
  const active = document.activeElement;
  return active !== null && active !== document.body && active.isConnected;
};

function returnFocus(openedFrom: OpenedFrom | null) {
  const chain: OpenedFrom[] = [];
  for (let link = openedFrom ?? undefined; link; link = link.outer) chain.push(link);
  for (const { element } of chain) {
    if (!element) continue;
    if (tryFocus(element)) return;
    if (element.isConnected && tryFocus(disclosureOf(element))) return;
  }
  for (const { fallback } of chain) if (tryFocus(fallback?.())) return;
  tryFocus(document.querySelector('main'));
}

/**
 * WCAG 2.4.3: closing a dialog puts focus back on what opened it. Radix only does that for a
 * Dialog.Trigger, and ours open from state, so without this focus fell to <body> and a
 * keyboard player started over from the top of the page.
 *
 * Spread the result on the Radix Dialog.Content. The opener is read while the dialog renders
 * open for the first time, before focus moves into it. If the opener is gone when the dialog
 * closes (the phone cart bar re-rendered, checkout's button went with the drawer), focus goes
 * to the dialog it sat in, its opener in turn, then `fallback`, then the page's <main>.
 */
export function useFocusReturn(open: boolean, fallback?: () => HTMLElement | null) {
  const id = useId();
  const [wasOpen, setWasOpen] = useState(false);
  const [openedFrom, setOpenedFrom] = useState<OpenedFrom | null>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpenedFrom(captureOpener(fallback));
  }

  useEffect(() => {
    if (!openedFrom || !open) return;
    openDialogs.set(id, openedFrom);
    return () => void openDialogs.delete(id);
  }, [id, open, openedFrom]);

  return {
    [HOST_ATTRIBUTE]: id,
    onCloseAutoFocus: (event: Event) => {
      // Radix would focus its (absent) trigger; the opener is ours to restore.
      event.preventDefault();
      if (!focusIsPlaced()) returnFocus(openedFrom);
    },
  };
}
