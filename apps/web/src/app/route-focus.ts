import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { dialogIsOpen } from '../components/ui/open-dialog.ts';

/** Focus without jumping: ScrollRestoration decides where the new page is scrolled to. */
function focusQuietly(element: HTMLElement) {
  // A heading is not focusable by itself; -1 lets us focus it without adding a Tab stop.
  if (!element.hasAttribute('tabindex')) element.tabIndex = -1;
  element.focus({ preventScroll: true });
}

/**
 * Focus the page's <h1>. Pages load lazily and many show their heading only once their data
 * has arrived, so until then focus waits on <main> (never on the old link, never on <body>),
 * and moves on to the heading the moment it is rendered, unless the player has moved on first.
 */
function focusPageHeading(main: HTMLElement): () => void {
  const heading = main.querySelector('h1');
  if (heading) {
    focusQuietly(heading);
    return () => {};
  }
  focusQuietly(main);
  const observer = new MutationObserver(() => {
    const arrived = main.querySelector('h1');
    if (!arrived) return;
    stop();
    if (document.activeElement === main) focusQuietly(arrived);
  });
  const stop = () => {
    observer.disconnect();
    main.removeEventListener('blur', stop);
  };
  observer.observe(main, { childList: true, subtree: true });
  main.addEventListener('blur', stop);
  return stop;
}

/**
 * WCAG 2.4.3 / 4.1.3: after a link to another page, focus goes to that page's heading, where a
 * screen reader reads it and Tab continues from the new content; left alone, focus stayed on
 * the link (or fell to <body>) of a page that is no longer there. The first load keeps the
 * browser's own start; a change of the query alone (filters, pagination) is the same page, so
 * focus stays on the control the player used; a link to an #anchor is the browser's to follow.
 */
export function useRouteFocus(): void {
  const { pathname, hash } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // A modal owns focus while it is open; it returns focus itself when it closes.
    if (hash || dialogIsOpen()) return;
    const main = document.getElementById('main');
    return main ? focusPageHeading(main) : undefined;
  }, [pathname, hash]);
}
