import { useEffect } from 'react';
import { useMatches, type UIMatch } from 'react-router';

/** The site's name, after each page's own in the tab: "Marketplace · Starport". */
export const SITE_NAME = 'Starport';

/** What a route of the route table carries in its `handle`: the page's name for the tab. */
export type PageHandle = { title: string };

export const pageTitle = (name: string): string => `${name} · ${SITE_NAME}`;

const titleOf = (match: UIMatch): string | undefined => (match.handle as Partial<PageHandle> | undefined)?.title;

/** The page's own name, from the deepest matched route that has one. */
export function usePageName(): string | undefined {
  return useMatches().map(titleOf).findLast((title) => title !== undefined);
}

/**
 * Names the tab after the deepest matched route that has a title (route-table.tsx gives every
 * page one), so a player with several tabs open can tell them apart.
 */
export function useDocumentTitle(): void {
  const name = usePageName();
  useEffect(() => {
    document.title = name ? pageTitle(name) : SITE_NAME;
  }, [name]);
}
