// `npm start` builds the web app only when what the build reads has changed since the build in
// apps/web/dist was made: its sources, the shared schemas, the installed packages (the lock
// file) and the TypeScript settings. A start on an unchanged checkout then skips ~4 s of vite
// and brotli. Without git (a copy of the files only) there is nothing to compare: it builds.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { treeFingerprint } from './passed-stamp.mjs';

const INPUTS = ['apps/web', 'packages/schemas', 'package-lock.json', 'tsconfig.base.json'];
const RECORD = path.join('apps', 'web', 'dist', '.build-inputs');

/** The fingerprint of the build's inputs, or null when it cannot be taken (no git). */
export function webBuildInputs(root) {
  try {
    return treeFingerprint(root, INPUTS);
  } catch {
    return null;
  }
}

/** Whether apps/web/dist was built from exactly these inputs. */
export function isBuiltFrom(root, fingerprint) {
  const record = path.join(root, RECORD);
  return (
    fingerprint !== null &&
    existsSync(path.join(root, 'apps/web/dist/index.html')) &&
    existsSync(record) &&
    readFileSync(record, 'utf8') === fingerprint
  );
}

export function recordBuiltFrom(root, fingerprint) {
  if (fingerprint !== null) writeFileSync(path.join(root, RECORD), fingerprint);
}
