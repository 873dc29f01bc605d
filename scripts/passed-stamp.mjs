// What `npm test` remembers between runs in one checkout: that the steps which never read the
// database (type checks, lint, the web/schema/chain/repo tests, the web build) passed on this
// exact tree. CI runs `npm test` twice, on PGlite and then on PostgreSQL; the second run needs
// to repeat only what a database can change: the API tests and the end-to-end journeys.
// Decision 0057 says why.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAMPS = path.join('node_modules', '.cache', 'starport-tests');
const stampFile = (root, name) => path.join(root, STAMPS, `${name}.json`);

/**
 * A hash of every file git would commit here (tracked or new, changes included), or of those
 * under `paths` only, and of Node's version.
 */
export function treeFingerprint(root = process.cwd(), paths = []) {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z', '--', ...paths], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean)
    .sort();
  const hash = createHash('sha256').update(process.version);
  for (const file of files) {
    const full = path.join(root, file);
    // a tracked file deleted in the working tree counts as missing
    hash
      .update(file)
      .update('\0')
      .update(existsSync(full) ? readFileSync(full) : 'missing')
      .update('\0');
  }
  return hash.digest('hex');
}

/** When the steps stamped `name` last passed on this fingerprint, or null. */
export function passedAt(fingerprint, root = process.cwd(), name = 'database-independent') {
  try {
    const stamp = JSON.parse(readFileSync(stampFile(root, name), 'utf8'));
    return stamp.fingerprint === fingerprint ? stamp.passedAt : null;
  } catch {
    return null;
  }
}

export function recordPassed(fingerprint, root = process.cwd(), name = 'database-independent') {
  const file = stampFile(root, name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ fingerprint, passedAt: new Date().toISOString() }, null, 2));
}
