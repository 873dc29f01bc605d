/** The dev mailbox's front door: the embedded outbox, readable in the browser outside production. */
export { devMailboxRoutes } from './dev-mailbox.routes.ts';
