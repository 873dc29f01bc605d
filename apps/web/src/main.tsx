import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app.tsx';
import { routes } from './app/routes/route-table.tsx';
import { canHydrate } from './app/hydration.ts';
import { readFirstData } from './app/first-data.ts';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

const app = <App router={createBrowserRouter(routes)} firstData={readFirstData(document)} />;

// `/` arrives prerendered (decision 0073), `/market` rendered by the server (0080): React adopts
// that markup when this browser's first render will draw the same thing; otherwise it draws afresh.
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
