/**
 * A press on the prerendered landing before the app has adopted it (decision 0073). The page is
 * painted from HTML long before the entry has loaded and hydrated; a press on a button then
 * reaches no React handler and was lost (focus-return e2e: Connect wallet). The boot file holds
 * such presses and the app releases them once hydrated, when they are played again on the same
 * nodes (hydration keeps the prerendered ones).
 */

/** Sent on document by the app once the prerendered markup is adopted (main.tsx). */
export const HYDRATED_EVENT = 'starport:hydrated';

/** On <html> while presses are held: layout.css lets a pressed Menu show its panel meanwhile. */
export const HOLDING_ATTRIBUTE = 'data-holding-presses';

export type HoldOptions = {
  /** Storage keys whose presence makes the app draw afresh instead of hydrating (app/hydration.ts). */
  renderAfreshKeys: readonly string[];
  hydratedEvent: string;
  attribute: string;
};

/**
 * Installed by the boot file before it starts the entry. scripts/prerender.mjs writes this
 * function's source into that file (the CSP allows no inline script, and the boot must not
 * wait for the entry), so it must stay self-contained: no imports, no names from outside, no
 * dependency. Returns whether presses are held.
 *
 * A click (a mouse press, or Enter/Space on a focused button) on a button-like control is
 * stopped and remembered, in order (the phone's Menu, then Connect wallet in its panel); links
 * are left alone, their native navigation loads the next page. On the app's signal, each one
 * whose node is still in the document is focused if it was, then clicked again.
 */
export function holdEarlyPresses(doc: Document, options: HoldOptions): boolean {
  const win = doc.defaultView;
  if (!win) return false;
  const stored = (area: () => Storage) => {
    try {
      const storage = area();
      return options.renderAfreshKeys.some((key) => storage.getItem(key) !== null);
    } catch {
      return false; // storage refused (privacy settings): nothing stored, as the app reads it
    }
  };
  // With a query or a stored session or cart the app empties #root and draws afresh: the nodes a
  // held press would be played on are gone by then, so the press is better left alone.
  if (win.location.search !== '' || stored(() => win.localStorage) || stored(() => win.sessionStorage)) return false;

  const held: { control: HTMLElement; focused: boolean }[] = [];
  const expanded = new Map<HTMLElement, string>();
  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof win.Element ? event.target : null;
    const control = target?.closest<HTMLElement>(
      'a[href], button, [role="button"], summary, input[type="checkbox"], input[type="radio"], input[type="submit"], input[type="button"]',
    );
    if (!control || control.matches('a[href]')) return;
    event.preventDefault();
    event.stopPropagation();
    held.push({ control, focused: doc.activeElement === control });
    // A few presses are replayed, not a burst of them (a held key repeats).
    if (held.length > 4) held.shift();
    // A disclosure (the phone's Menu) opens at once, as the app will open it when the press is
    // played, so what it shows can be pressed meanwhile (layout.css shows the panel of an
    // expanded Menu while presses are held). Put back on release, before React's own render.
    const state = control.getAttribute('aria-expanded');
    if (state === 'true' || state === 'false') {
      if (!expanded.has(control)) expanded.set(control, state);
      control.setAttribute('aria-expanded', state === 'true' ? 'false' : 'true');
    }
  };
  const release = () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener(options.hydratedEvent, release);
    for (const { control, focused } of held.splice(0)) {
      if (!control.isConnected) continue;
      // Focus first, as a real press gives it: a dialog opened by the click returns focus there.
      if (focused) control.focus({ preventScroll: true });
      control.click();
    }
    // After the replays, which focus what the open panel shows; React's render of the presses
    // comes after this task's end, with nothing painted between.
    expanded.forEach((state, control) => control.setAttribute('aria-expanded', state));
    doc.documentElement.removeAttribute(options.attribute);
  };
  doc.addEventListener('click', onClick, true);
  doc.addEventListener(options.hydratedEvent, release);
  doc.documentElement.setAttribute(options.attribute, '');
  return true;
}
