import { describe, expect, it, vi } from 'vitest';
import { locate, locationErrorText } from './locate.ts';

describe('locationErrorText', () => {
  it('says why, in the player’s words', () => {
    expect(locationErrorText({ code: 1 })).toBe('Your location is not available: permission to use it was denied.');
    expect(locationErrorText({ code: 3 })).toBe('Your location is not available: no position came within 10 s.');
    expect(locationErrorText({ code: 2, message: 'Position unavailable' })).toBe('Your location is not available: Position unavailable.');
    expect(locationErrorText('unsupported')).toBe('Your location is not available: this browser does not share it.');
  });
});

describe('locate', () => {
  it('asks once with the 10 s time-out and answers longitude and latitude', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback, _fail: PositionErrorCallback, _options: PositionOptions) =>
      ok({ coords: { latitude: 41.89, longitude: 12.49 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition } });
    await expect(locate()).resolves.toEqual({ lng: 12.49, lat: 41.89 });
    expect(getCurrentPosition.mock.calls[0]![2]).toMatchObject({ timeout: 10_000 });
    vi.unstubAllGlobals();
  });

  it('rejects with the sentence when the browser refuses', async () => {
    vi.stubGlobal('navigator', { geolocation: { getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError) } });
    await expect(locate()).rejects.toThrow('Your location is not available: permission to use it was denied.');
    vi.unstubAllGlobals();
  });
});
