// What a new user sees on `npm install`: no engine warnings, no unreviewed install scripts.
// Both come from the lock file, so a dependency update that brings either back fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
type Locked = {
  version?: string;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
  os?: string[];
  link?: boolean;
};
const locked = (
  JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, Locked> }
).packages;

const nameOf = (key: string) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
const installed = Object.entries(locked).filter(([key, pkg]) => key.includes('node_modules/') && !pkg.link);

describe('the root package.json tells the truth about the install', () => {
  it('every locked package runs on the oldest Node that `engines` admits', () => {
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    const refusing = installed
      .filter(
        ([, pkg]) => !Array.isArray(pkg.engines) && pkg.engines?.node && !semver.satisfies(oldest, pkg.engines.node),
      )
      .map(([key, pkg]) => `${nameOf(key)}@${pkg.version} wants node ${(pkg.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
    expect(semver.satisfies(process.version, manifest.engines.node)).toBe(true);
  });

  it('every dependency with an install script has a decision in allowScripts', () => {
    const decided = manifest.allowScripts ?? {};
    const undecided = installed
      .filter(
        ([key, pkg]) =>
          pkg.hasInstallScript && !(nameOf(key) in decided) && !(`${nameOf(key)}@${pkg.version}` in decided),
      )
      .map(([key, pkg]) => `${nameOf(key)}@${pkg.version}`);
    expect([...new Set(undecided)]).toEqual([]);
  });
});
