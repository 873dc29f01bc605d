import { describe, expect, it } from 'vitest';
import { parseCoordinates } from './parse-coordinates.ts';

describe('parseCoordinates', () => {
  it('reads latitude first, with a comma or spaces between', () => {
    expect(parseCoordinates('48.8584, 2.2945')).toEqual({ ok: true, point: { lat: 48.8584, lng: 2.2945 } });
    expect(parseCoordinates(' -33.86 151.21 ')).toEqual({ ok: true, point: { lat: -33.86, lng: 151.21 } });
    expect(parseCoordinates('+10,-.5')).toEqual({ ok: true, point: { lat: 10, lng: -0.5 } });
  });

  it('refuses anything that is not two numbers, saying the format', () => {
    for (const text of ['', 'Paris', '48.8', '1, 2, 3', '48,8 2,3', '1e3, 2', '0x10, 2', 'NaN, 1']) {
      const parsed = parseCoordinates(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.error).toMatch(/latitude and longitude/);
    }
  });

  it('says which number is off the Earth', () => {
    expect(parseCoordinates('91, 0')).toEqual({ ok: false, error: 'Latitude must be between -90 and 90.' });
    expect(parseCoordinates('0, -180.5')).toEqual({ ok: false, error: 'Longitude must be between -180 and 180.' });
    expect(parseCoordinates('-90, 180').ok).toBe(true);
  });
});
