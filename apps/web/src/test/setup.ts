import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearSession } from '../lib/session-storage.ts';

// Lazy chunks and mocked fetches settle in milliseconds on a quiet machine, but the test
// run shares 2 cores with PGlite and argon2: wait up to 5 s before calling an element missing.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not implement scrolling; the router's scroll restoration calls it.
window.scrollTo = () => {};

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  clearSession(); // also tells subscribed stores that the session is gone
  window.localStorage.clear();
  window.sessionStorage.clear();
});
