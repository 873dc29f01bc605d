import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearSession } from '../lib/session-storage.ts';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  clearSession(); // also tells subscribed stores that the session is gone
  window.localStorage.clear();
  window.sessionStorage.clear();
});
