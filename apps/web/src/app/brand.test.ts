import { readFileSync } from 'node:fs';
import { BRAND_COLOURS, BRAND_ICON_SVG } from '@starport/schemas';
import { describe, expect, it } from 'vitest';

const read = (relative: string) => readFileSync(new URL(relative, import.meta.url), 'utf8');

// Pages outside the web app (the sandbox checkout) are branded from packages/schemas brand.ts:
// they must show the web app's own icon and colours, not a copy that drifted.
describe('the shared brand', () => {
  it('is the web app’s own favicon', () => {
    const icon = /rel="icon"[^>]*href="data:image\/svg\+xml,([^"]+)"/.exec(read('../../index.html'))?.[1];
    expect(decodeURIComponent(icon ?? '')).toBe(BRAND_ICON_SVG);
  });

  it('has the web app’s colours', () => {
    const css = read('../styles/global.css');
    for (const [name, value] of Object.entries({
      bg: BRAND_COLOURS.bg,
      'bg-raised': BRAND_COLOURS.bgRaised,
      text: BRAND_COLOURS.text,
      'text-muted': BRAND_COLOURS.textMuted,
      accent: BRAND_COLOURS.accent,
      'accent-2': BRAND_COLOURS.accent2,
      danger: BRAND_COLOURS.danger,
    })) {
      expect(css, name).toContain(`--${name}: ${value};`);
    }
  });
});
