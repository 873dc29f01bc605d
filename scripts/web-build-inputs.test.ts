import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { isBuiltFrom, recordBuiltFrom, webBuildInputs } from './web-build-inputs.mjs';

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'starport-build-inputs-'));
  execFileSync('git', ['init', '-q'], { cwd: root });
  write('.gitignore', 'dist/\n');
  write('apps/web/src/main.tsx', 'render();\n');
  write('apps/api/src/main.ts', 'serve();\n');
  write('apps/web/dist/index.html', '<!doctype html>');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

test('npm start rebuilds the web app only when what the build reads changed', () => {
  expect(isBuiltFrom(root, webBuildInputs(root))).toBe(false); // never recorded
  recordBuiltFrom(root, webBuildInputs(root));
  expect(isBuiltFrom(root, webBuildInputs(root))).toBe(true);

  write('apps/api/src/main.ts', 'serve(1);\n'); // the API is not part of the build
  expect(isBuiltFrom(root, webBuildInputs(root))).toBe(true);

  write('apps/web/src/main.tsx', 'render(1);\n');
  expect(isBuiltFrom(root, webBuildInputs(root))).toBe(false);
});

test('a build that is gone is not served, whatever the record says', () => {
  recordBuiltFrom(root, webBuildInputs(root));
  rmSync(path.join(root, 'apps/web/dist/index.html'));
  expect(isBuiltFrom(root, webBuildInputs(root))).toBe(false);
});
