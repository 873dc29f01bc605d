import { describe, expect, it } from 'vitest';
import { isWebRoute } from './web-routes.ts';

describe('isWebRoute', () => {
  it('knows the registered pages, with or without a trailing slash', () => {
    expect(isWebRoute('/')).toBe(true);
    expect(isWebRoute('/login')).toBe(true);
    expect(isWebRoute('/login/')).toBe(true);
    expect(isWebRoute('/forgot_password_update')).toBe(true);
    expect(isWebRoute('/shop/stripe_payment/success')).toBe(true);
    expect(isWebRoute('/shop/stripe_payment/success/more')).toBe(false);
    expect(isWebRoute('/my-assets/spaceships')).toBe(true);
    expect(isWebRoute('/change-profile')).toBe(true);
  });
  it('knows both spellings of the staking detail (owned-assets.md §2.1), and only those', () => {
    expect(isWebRoute('/StakingDetail')).toBe(true);
    expect(isWebRoute('/stakingdetail')).toBe(true);
    expect(isWebRoute('/Stakingdetail')).toBe(false);
  });

  it('does not know pages of areas that are not built, nor deeper paths', () => {
    expect(isWebRoute('/staking/extra')).toBe(false);
    expect(isWebRoute('/my-assets/empty')).toBe(false);
    expect(isWebRoute('/login/extra')).toBe(false);
    expect(isWebRoute('/nope')).toBe(false);
  });
});
