import { WEB_ROUTE_PATTERNS } from '@starport/schemas';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './route-table.tsx';

const collect = (list: RouteObject[]): string[] =>
  list.flatMap((route) => [...(route.path ? [route.path] : []), ...collect(route.children ?? [])]);

describe('registered routes', () => {
  // The API answers 200 only for these paths (a real 404 otherwise); both lists must agree.
  it('match the shared WEB_ROUTE_PATTERNS exactly', () => {
    const pages = collect(routes).filter((path) => path !== '*');
    expect([...pages].sort()).toEqual([...WEB_ROUTE_PATTERNS].sort());
  });
});

describe('page titles in the route table', () => {
  const withPaths = (list: RouteObject[]): RouteObject[] =>
    list.flatMap((route) => [...(route.path ? [route] : []), ...withPaths(route.children ?? [])]);

  // The tab shows each page's name (app/page-title.ts): a page added without one fails here.
  it('give every page route, the 404 included, a title', () => {
    const missing = withPaths(routes).filter((route) => !(route.handle as { title?: string } | undefined)?.title);
    expect(missing.map((route) => route.path)).toEqual([]);
  });
});
