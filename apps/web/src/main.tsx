import { startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { routes } from './app/routes/route-table.tsx';
import { canHydrate } from './app/hydration.ts';
import { HYDRATED_EVENT } from './app/early-press.ts';
import { readFirstData } from './app/first-data.ts';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

/**
 * Tells the boot file of a prerendered page that the app has committed (app/early-press.ts): the
 * presses it held are played then, on the nodes hydration kept (a fresh render dropped them),
 * and it stops holding. A root effect runs once the whole tree outside still-loading Suspense
 * boundaries is committed, the header included. A task later, not inside React's commit.
 */
function ReleaseHeldPresses() {
  useEffect(() => {
    const timer = setTimeout(() => document.dispatchEvent(new Event(HYDRATED_EVENT)));
    return () => clearTimeout(timer);
  }, []);
  return null;
}

// The sibling renders nothing, so the tree still matches the prerendered markup.
const app = (
  <>
    <App router={createBrowserRouter(routes)} firstData={readFirstData(document)} />
    <ReleaseHeldPresses />
  </>
);

// `/` arrives prerendered (decision 0073), `/market` rendered by the server (0080): React adopts that markup when this
// browser's first render will draw the same thing; otherwise it draws afresh.
if (container.firstElementChild && canHydrate()) {
  // In a transition, React hydrates in slices of a few ms instead of one long task: the page is
  // already on screen, and a click meanwhile is answered first.
  // Its own task, after the entry's evaluation (one long task less).
  setTimeout(() =>
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error) => console.warn('hydration:', error),
      });
    }),
  );
} else {
  container.textContent = '';
  createRoot(container).render(app);
}
