import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearSession } from '../lib/session-storage.ts';

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {};

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  clearSession(); // also tells subscribed stores that the session is gone
  window.localStorage.clear();
  window.sessionStorage.clear();
});
