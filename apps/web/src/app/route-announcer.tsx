import { useState } from 'react';
import { useLocation } from 'react-router';
import { SITE_NAME, usePageName } from './page-title.ts';

/**
 * Says the new page's name after a client-side page change (WCAG 4.1.3): a screen reader
 * announces a full page load by itself, but not a route change. The region is in the page from
 * the first render, because screen readers only follow regions they saw before the change.
 * Each page's name is a new node (keyed by path), so Shop → Home → Shop is heard every time.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const name = usePageName() ?? SITE_NAME;
  // The landing page is announced by the browser's own load; only later pages are ours to say.
  const [landing, setLanding] = useState<string | null>(pathname);
  if (landing !== null && pathname !== landing) setLanding(null);
  return (
    <div className="sr-only" role="status" aria-atomic="true" data-testid="route-announcer">
      {landing === null && <span key={pathname}>{name}</span>}
    </div>
  );
}
