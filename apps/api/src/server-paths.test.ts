import { SERVER_PATH_PREFIXES } from '@starport/schemas/web-routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  // Development registers the most routes (the mailbox, the local explorer).
  t = await createTestApp({ env: { NODE_ENV: 'development' } });
});
afterAll(() => t?.close());

/** The full path of every route at the top of Fastify's tree (commonPrefix: false spells them out). */
function topLevelPaths(app: TestApp['app']): string[] {
  return app
    .printRoutes({ commonPrefix: false })
    .split('\n')
    .map((line) => /^[├└]── (\/\S*)/.exec(line)?.[1])
    .filter((path): path is string => path !== undefined);
}

describe('server paths', () => {
  it('every route lives under a prefix the Vite dev server forwards to the API', () => {
    const paths = topLevelPaths(t.app);
    expect(paths.length).toBeGreaterThan(50);
    const outside = paths.filter(
      (path) => !SERVER_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)),
    );
    expect(outside).toEqual([]);
  });

  it('serves art under its prefix, so the dev proxy must know it', () => {
    expect(topLevelPaths(t.app).some((path) => path.startsWith('/images/v1/'))).toBe(true);
  });
});
