import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { passedAt, recordPassed, treeFingerprint } from './passed-stamp.mjs';

describe('the stamp of database-independent steps', () => {
  let repo: string;
  beforeEach(() => {
    repo = mkdtempSync(path.join(tmpdir(), 'starport-stamp-'));
    execFileSync('git', ['init', '-q'], { cwd: repo });
    writeFileSync(path.join(repo, '.gitignore'), 'node_modules/\n');
    writeFileSync(path.join(repo, 'a.ts'), 'export const a = 1;\n');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  test('holds for the tree it was recorded on, and not after any file changes or appears', () => {
    const before = treeFingerprint(repo);
    expect(passedAt(before, repo)).toBeNull();
    recordPassed(before, repo);
    expect(passedAt(before, repo)).toEqual(expect.any(String));
    // the stamp lives in an ignored folder: recording it changes nothing
    expect(treeFingerprint(repo)).toBe(before);

    writeFileSync(path.join(repo, 'a.ts'), 'export const a = 2;\n');
    const edited = treeFingerprint(repo);
    expect(edited).not.toBe(before);
    expect(passedAt(edited, repo)).toBeNull();

    writeFileSync(path.join(repo, 'a.ts'), 'export const a = 1;\n');
    writeFileSync(path.join(repo, 'b.ts'), 'export const b = 1;\n');
    expect(treeFingerprint(repo)).not.toBe(before);
  });

  test('an ignored file does not count', () => {
    const before = treeFingerprint(repo);
    execFileSync('mkdir', ['-p', path.join(repo, 'node_modules')]);
    writeFileSync(path.join(repo, 'node_modules', 'x.js'), '1');
    expect(treeFingerprint(repo)).toBe(before);
  });
});
