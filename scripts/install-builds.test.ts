import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { buildWebForInstall } from './install-builds.mjs';
import { isBuiltFrom, webBuildInputs } from './web-build-inputs.mjs';

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** A build step as a node script: appends its name to steps.log, then exits with `code`. */
const step = (name: string, code = 0) => {
  write(`steps/${name}.mjs`, `import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
appendFileSync('steps.log', '${name}\\n');
mkdirSync('apps/web/dist', { recursive: true });
writeFileSync('apps/web/dist/index.html', '<!doctype html>');
process.exit(${code});`);
  return [path.join(root, `steps/${name}.mjs`)];
};
const stepsRun = () => (existsSync(path.join(root, 'steps.log')) ? readFileSync(path.join(root, 'steps.log'), 'utf8').split('\n').filter(Boolean) : []);

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'starport-install-builds-'));
  execFileSync('git', ['init', '-q'], { cwd: root });
  write('.gitignore', 'dist/\nsteps/\nsteps.log\n');
  write('apps/web/src/main.tsx', 'render();\n');
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

test('an install builds the web app in order and records its inputs, so a first start serves it', () => {
  expect(buildWebForInstall(root, [step('vite'), step('prerender'), step('precompress')])).toBe('built');
  expect(stepsRun()).toEqual(['vite', 'prerender', 'precompress']);
  expect(isBuiltFrom(root, webBuildInputs(root))).toBe(true);
});

test('a second install on the same sources builds nothing; one after an edit builds again', () => {
  buildWebForInstall(root, [step('first')]);
  expect(buildWebForInstall(root, [step('again')])).toBe('current');
  expect(stepsRun()).toEqual(['first']);

  write('apps/web/src/main.tsx', 'render(1);\n');
  expect(buildWebForInstall(root, [step('after-edit')])).toBe('built');
  expect(stepsRun()).toEqual(['first', 'after-edit']);
});

test('a step that fails stops the build, records nothing and says so without failing the install', () => {
  expect(buildWebForInstall(root, [step('vite'), step('prerender', 1), step('precompress')])).toBe('failed');
  expect(stepsRun()).toEqual(['vite', 'prerender']);
  expect(isBuiltFrom(root, webBuildInputs(root))).toBe(false);
  expect(console.log).toHaveBeenCalledWith(expect.stringMatching(/web app was not built at install .*a first start builds it/));
});
