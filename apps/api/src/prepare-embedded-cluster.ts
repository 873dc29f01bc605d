// Run by `npm install` (scripts/postinstall.mjs): makes the embedded database's empty and
// migrated clusters once, so that a first `npm start` copies one instead of running initdb and
// the migrations (decision 0074). It is an optimisation: when they cannot be made, a start runs
// initdb as before, so this never fails the install.
import { prepareEmbeddedTemplates } from './db/client.ts';

const started = performance.now();
try {
  const outcome = await prepareEmbeddedTemplates();
  if (outcome === 'made') console.log(`Starport: the embedded database's clusters are ready (${Math.round(performance.now() - started)} ms); a first start copies one.`);
} catch (err) {
  console.log(`Starport: could not prepare the embedded database's clusters (${(err as Error).message}); a first start makes its own.`);
}
