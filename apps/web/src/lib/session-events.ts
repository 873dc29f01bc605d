/**
 * Tiny pub/sub so lib code (storage, api client) can tell the app about session changes
 * without importing React or any feature. Features subscribe; lib only emits.
 */

type Listener = () => void;

const createChannel = () => {
  const listeners = new Set<Listener>();
  return {
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit(): void {
      for (const listener of [...listeners]) listener();
    },
  };
};

const sessionChange = createChannel();
const sessionExpired = createChannel();
const logout = createChannel();

/** Fires whenever the stored session is written or cleared, in this tab or another one. */
export const onSessionChange = sessionChange.subscribe;
export const emitSessionChange = sessionChange.emit;

/** Fires when a token refresh was refused and the session had to be dropped. */
export const onSessionExpired = sessionExpired.subscribe;
export const emitSessionExpired = sessionExpired.emit;

/**
 * Fires after the user confirmed Logout, for anything that must forget the player. (The cart
 * is emptied by the logout call itself, so it empties even before its module has loaded.)
 */
export const onLogout = logout.subscribe;
export const emitLogout = logout.emit;
