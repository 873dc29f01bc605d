import { expect, test } from 'vitest';
import { runTogether } from './run-together.mjs';

const node = process.execPath;

test('runs every step, prints each whole under its title, and names the ones that failed', async () => {
  let log = '';
  const failed = await runTogether(
    [
      ['first', node, ['-e', 'console.log("one"); console.log("two")']],
      ['broken', node, ['-e', 'console.error("bad types"); process.exit(2)']],
      ['third', node, ['-e', 'console.log("three")']],
    ],
    2,
    (text: string) => (log += text),
  );
  expect(failed).toEqual(['broken (exit 2)']);
  expect(log).toContain('== first\n');
  expect(log).toMatch(/== first\n\$ .*\none\ntwo\n/);
  expect(log).toMatch(/== broken\n\$ .*\nbad types\n/);
  expect(log).toContain('three');
});

test('a command that cannot start is a failure, not a hang', async () => {
  const failed = await runTogether([['missing', '/nonexistent/tool', []]], 2, () => {});
  expect(failed).toEqual(['missing (exit not started)']);
});
