import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearSession } from '../lib/session-storage.ts';

// Lazy chunks and mocked fetches settle in milliseconds on a quiet machine, but the test run
// shares 2 cores with PGlite, argon2 and anvil, and a loaded machine can stall a worker for
// seconds. findBy/waitFor return as soon as their condition holds, so a wide bound costs a
// passing test nothing: it only decides how long a broken one takes to say so.
configure({ asyncUtilTimeout: 60_000 });

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {};

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  clearSession(); // also tells subscribed stores that the session is gone
  window.localStorage.clear();
  window.sessionStorage.clear();
});
