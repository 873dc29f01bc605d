import { useEffect } from 'react';
import { HYDRATED_EVENT } from './early-press.ts';

/**
 * Tells the boot file of a prerendered or server-rendered page that the app has adopted it
 * (app/early-press.ts): the presses it held are played then, on the nodes hydration kept (a fresh
 * render dropped them), and it stops holding. Rendered beside the page inside the route's
 * Suspense boundary (route-guard.tsx): its effect runs once the page itself is hydrated, i.e.
 * once the page's lazy chunk has arrived, not when the header is. A press on the marketplace's
 * filters played on a still dehydrated page reached no handler (decision 0080). It renders
 * nothing, so the tree still matches the prerendered markup. A task later, not inside React's commit.
 */
export function ReleaseHeldPresses(): null {
  useEffect(() => {
    const timer = setTimeout(() => document.dispatchEvent(new Event(HYDRATED_EVENT)));
    return () => clearTimeout(timer);
  }, []);
  return null;
}
