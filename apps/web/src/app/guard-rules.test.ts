import { describe, expect, it } from 'vitest';
import { decideRoute, signInReturnOf, signInReturnState } from './guard-rules.ts';

describe('decideRoute', () => {
  it('lets a visitor open /login', () => {
    expect(decideRoute('/login', false)).toEqual({ allow: true });
  });

  it('sends a signed-in user from /login to /', () => {
    expect(decideRoute('/login', true)).toEqual({ allow: false, redirectTo: '/' });
  });

  it.each([
    '/change-password',
    '/change-profile',
    '/link_email_account',
    '/my-assets',
    '/my-assets/spaceships',
    '/my-assets/dnc-listing',
    '/my-assets/spaceships-selling',
    '/assets',
    '/assets/collections',
    '/assets/collection',
    '/my/gin-exchange',
    '/my/goaland',
    '/my/penguins',
    // Not in the spec's list, but the page is the player's own boxes: a visitor has none to see.
    '/my/blindbox',
    '/dashboard',
    '/dashbroad',
    '/change-password/',
  ])('redirects a visitor from %s to /', (path) => {
    expect(decideRoute(path, false)).toEqual({ allow: false, redirectTo: '/' });
  });

  it.each(['/', '/registry', '/tos', '/contact', '/assetsx', '/collection/5', '/my/blindboxes', '/nowhere', '/staking', '/stakingdetail', '/StakingDetail', '/affiliate'])(
    'lets a visitor open %s',
    (path) => {
      expect(decideRoute(path, false)).toEqual({ allow: true });
    },
  );

  it('lets a signed-in user open every protected page', () => {
    expect(decideRoute('/change-password', true)).toEqual({ allow: true });
    expect(decideRoute('/my-assets/spaceships', true)).toEqual({ allow: true });
  });
});

describe('signInReturnOf', () => {
  it('reads the page the guard left in the history entry', () => {
    expect(signInReturnOf(signInReturnState('/my/orders?page=2'))).toBe('/my/orders?page=2');
  });

  it.each([null, undefined, 'x', {}, { signInReturnTo: 3 }, { signInReturnTo: 'https://evil.test/' }, { signInReturnTo: '//evil.test' }, { signInReturnTo: '/\\evil.test' }, { signInReturnTo: 'my/orders' }])(
    'ignores anything but a path on this site: %j',
    (state) => {
      expect(signInReturnOf(state)).toBeNull();
    },
  );
});
