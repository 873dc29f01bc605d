// @ts-check
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder under `dir` is an area: a new area is guarded the day it is made. */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const API = './apps/api/src';
const API_AREAS = foldersOf(`${API}/modules`);
const WEB_AREAS = foldersOf('./apps/web/src/features');
/** Everything in the API that is not an area: the composition root, shared layers, the CLI, tests. */
const API_OUTSIDE_AREAS = [`${API}/*.ts`, `${API}/!(modules)/**`, './apps/api/test/**'];

/**
 * An API area's front door, `modules/<area>/index.ts`, is the only file anything outside the
 * area imports (CONVENTIONS.md 1): other areas, app.ts, the CLI and the test fixtures alike.
 */
function frontDoorZones() {
  return API_AREAS.map((area) => ({
    target: [...API_AREAS.filter((other) => other !== area).map((other) => `${API}/modules/${other}/**`), ...API_OUTSIDE_AREAS],
    from: `${API}/modules/${area}`,
    except: ['./index.ts'],
    message: `Import the ${area} area through its front door, modules/${area}/index.ts.`,
  }));
}

/** A web feature never imports another feature's internals: pages compose them in app/. */
function webAreaZones() {
  return WEB_AREAS.map((area) => ({
    target: `./apps/web/src/features/${area}`,
    from: WEB_AREAS.filter((other) => other !== area).map((other) => `./apps/web/src/features/${other}`),
    message: 'Web features do not reach into each other: compose them in app/, or move the shared piece down a layer.',
  }));
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/api/src/db/migrations/**', 'bench/**/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin },
    // The import rules read the files they follow: TypeScript needs TypeScript's parser, and
    // nothing under node_modules is read (a package cannot import us back; reading them is slow).
    settings: {
      'import/ignore': ['node_modules'],
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Type-only imports count: a cycle of types is still two files that cannot be read apart.
      // A lazy chunk that implements its loader's interface (lib/wallet) is the one cycle allowed.
      'import/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...frontDoorZones(),
            ...webAreaZones(),
            { target: './apps/web', from: './apps/api', message: 'The web app talks to the API over HTTP only.' },
            { target: './apps/api', from: './apps/web', message: 'The API does not import the web app.' },
            { target: './packages', from: './apps', message: 'Packages sit below the apps.' },
            {
              target: ['./apps/api/src/lib', './apps/api/src/db', './apps/api/src/jobs', './apps/api/src/chain', './apps/api/src/mail'],
              from: './apps/api/src/modules',
              message: 'Shared layers do not depend on areas: an area registers its jobs and uses the layers below it.',
            },
            {
              target: ['./apps/web/src/lib', './apps/web/src/components'],
              from: './apps/web/src/features',
              message: 'Shared layers do not depend on features.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The table declarations mirror the database's foreign keys, and those form a real cycle: a
    // player's listing names its ship copy, the copy its order line, the order line its listing
    // (docs/decisions/0037). The references are lazy callbacks, so the files load in any order.
    files: ['apps/api/src/db/schema/*.ts'],
    rules: { 'import/no-cycle': 'off' },
  },
);
