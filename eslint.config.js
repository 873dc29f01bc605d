// @ts-check
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const API_AREAS = ['accounts', 'site', 'contact', 'dev-mailbox', 'art', 'catalogue', 'marketplace', 'shop', 'leaderboards', 'cart', 'orders', 'payments', 'fairness', 'chain'];
const WEB_AREAS = ['accounts', 'site', 'catalogue', 'cart', 'checkout', 'marketplace', 'shop', 'orders', 'leaderboards', 'fairness'];

/** An area never imports another area's internals (CONVENTIONS.md 1). */
function areaZones(base, areas) {
  return areas.map((area) => ({
    target: `${base}/${area}`,
    from: areas.filter((other) => other !== area).map((other) => `${base}/${other}`),
    message: 'Areas do not reach into each other: move the shared piece down a layer.',
  }));
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/api/src/db/migrations/**', 'bench/**/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { import: importPlugin },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...areaZones('./apps/api/src/modules', API_AREAS),
            ...areaZones('./apps/web/src/features', WEB_AREAS),
            { target: './apps/web', from: './apps/api', message: 'The web app talks to the API over HTTP only.' },
            { target: './apps/api', from: './apps/web', message: 'The API does not import the web app.' },
            { target: './packages', from: './apps', message: 'Packages sit below the apps.' },
            {
              target: ['./apps/api/src/lib', './apps/api/src/db'],
              from: './apps/api/src/modules',
              message: 'Shared layers do not depend on areas.',
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
);
