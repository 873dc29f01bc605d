// What the server and `npm start` (scripts/start.mjs) tell each other over the IPC channel it
// starts the server with. Run any other way (tests, `npm run dev`, node by hand), there is no
// channel: the web build is not waited for and nothing is told.

type LauncherMessage = { starport: 'web-built' | 'listening' };

const isMessage = (message: unknown, what: LauncherMessage['starport']) =>
  typeof message === 'object' && message !== null && (message as LauncherMessage).starport === what;

/**
 * Resolves once the web app is built. npm start builds it while the server starts (decision
 * 0063) and sets STARPORT_WEB_BUILD=pending; the server listens only after this, so a healthy
 * server always serves the app. Rejects if the launcher goes away first (it then stops us).
 */
export function webBuildReady(): Promise<void> {
  if (process.env.STARPORT_WEB_BUILD !== 'pending' || !process.send) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      process.off('message', onMessage);
      process.off('disconnect', onDisconnect);
      settle();
    };
    const onMessage = (message: unknown) => isMessage(message, 'web-built') && done(resolve);
    const onDisconnect = () => done(() => reject(new Error('npm start went away before the web app was built')));
    process.on('message', onMessage);
    process.on('disconnect', onDisconnect);
  });
}

/** Tells npm start that the server listens (it then precompresses the web build in the background). */
export function tellLauncher(what: 'listening'): void {
  if (process.connected) process.send?.({ starport: what } satisfies LauncherMessage);
}
