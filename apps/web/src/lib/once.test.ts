import { describe, expect, it, vi } from 'vitest';
import { once } from './once.ts';

describe('once', () => {
  it('makes the value at the first call only, then returns the same one', () => {
    const make = vi.fn(() => ({}));
    const get = once(make);
    expect(make).not.toHaveBeenCalled();
    const first = get();
    expect(get()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });
});
