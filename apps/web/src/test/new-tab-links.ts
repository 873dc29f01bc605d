import { within } from '@testing-library/react';
import { expect } from 'vitest';
import { NEW_TAB_HINT } from '../components/ui/external-link.tsx';

/** What a sighted player reads on a link: its text without screen-reader-only parts, or its image's alt. */
function visibleText(link: HTMLAnchorElement): string {
  const copy = link.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('.sr-only').forEach((hidden) => hidden.remove());
  const text = copy.textContent?.trim();
  return text || (link.querySelector('img')?.alt ?? '');
}

/**
 * Every link in `container` that opens a new tab is named by its visible text first and the
 * new-tab warning last. Returns how many were checked, so a test can tell it looked at something.
 */
export function expectNewTabLinksAnnounced(container: HTMLElement): number {
  const links = [...container.querySelectorAll<HTMLAnchorElement>('a[target="_blank"]')];
  for (const link of links) {
    const shown = visibleText(link);
    const name = (accessibleName: string) => accessibleName.startsWith(`${shown},`) && accessibleName.endsWith(`, ${NEW_TAB_HINT}`);
    expect(within(container).queryAllByRole('link', { name }), `the link that shows "${shown}"`).toContain(link);
  }
  return links.length;
}
