import { describe, expect, it } from 'vitest';
import { colourIn, contrast, over, parseColour, type Rgba } from '../test/contrast.ts';
import { readRules } from '../test/stylesheets.ts';

/**
 * WCAG 1.4.11: whatever shows keyboard focus must reach 3:1 against the colours next to it.
 * These read the stylesheets themselves, so a colour changed anywhere is measured again.
 */
const rules = readRules();

const declared = (selector: string, prop: string) => rules.find((rule) => rule.selector === selector)?.declarations.get(prop);
const coloursIn = (value = '') => [...value.matchAll(/#[0-9a-f]{3,8}\b|rgba?\([^)]*\)/gi)].map(([c]) => parseColour(c)!);
const PAGE = parseColour(declared(':root', '--bg')!)!;
const MENU = colourIn(declared('.dropdown__content', 'background')!)!;

/** Where a focusable thing can sit, each as the eye sees it (translucent panels over the page). */
const SURFACES: Record<string, Rgba> = {
  page: PAGE,
  'raised panel': parseColour(declared(':root', '--bg-raised')!)!,
  'text field': parseColour(declared(':root', '--bg-input')!)!,
  card: over(colourIn(declared('.card', 'background')!)!, PAGE),
  'unit page section': over(colourIn(declared('.unit-section', 'background')!)!, PAGE),
  'highlighted menu item': over(colourIn(declared('.dropdown__item[data-highlighted]', 'background')!)!, MENU),
  ...Object.fromEntries(coloursIn(declared('.legendary', 'background')).map((c, i) => [`Legendary panel ${i + 1}`, over(c, PAGE)])),
};

/** The lowest contrast a colour (painted over each surface, if translucent) has on any surface. */
function worstContrast(colour: Rgba): { ratio: number; on: string } {
  return Object.entries(SURFACES)
    .map(([on, surface]) => ({ on, ratio: contrast(over(colour, surface), surface) }))
    .reduce((worst, next) => (next.ratio < worst.ratio ? next : worst));
}

const isFocusStyle = (selector: string) => /:focus(-visible|-within)?\b/.test(selector);
const removesOutline = (value = '') => /^(none|0)(px)?\b/.test(value);

/**
 * Focused only by the app, never by Tab: <main tabindex="-1"> takes focus after a page change so
 * screen readers start there. A ring around the whole page would tell the player nothing.
 */
const SCRIPT_FOCUS_ONLY = new Set(['.layout-main']);

describe('focus indicators', () => {
  it('no stylesheet takes the focus outline away without a replacement of at least 3:1', () => {
    const offenders = rules
      .filter((rule) => removesOutline(rule.declarations.get('outline')) && !SCRIPT_FOCUS_ONLY.has(rule.selector))
      .flatMap(({ file, selector, declarations }) => {
        if (!isFocusStyle(selector)) return [`${file} ${selector}: no outline even when focused`];
        const replacements = ['border-color', 'box-shadow', 'outline-color'].flatMap((prop) => coloursIn(declarations.get(prop)));
        const best = Math.max(0, ...replacements.map((c) => worstContrast(c).ratio));
        return best >= 3 ? [] : [`${file} ${selector}: its focus sign reaches only ${best.toFixed(2)}:1`];
      });
    expect(offenders).toEqual([]);
  });

  it('every focus ring reaches 3:1 on every surface a control can sit on', () => {
    const rings = rules.filter((rule) => isFocusStyle(rule.selector) && colourIn(rule.declarations.get('outline') ?? ''));
    expect(rings.length).toBeGreaterThan(0);
    const weak = rings
      .map(({ file, selector, declarations }) => ({ file, selector, ...worstContrast(colourIn(declarations.get('outline')!)!) }))
      .filter(({ ratio }) => ratio < 3)
      .map(({ file, selector, ratio, on }) => `${file} ${selector}: ${ratio.toFixed(2)}:1 on ${on}`);
    expect(weak).toEqual([]);
  });

  // The profile menu's items had only their highlight tint, 1.31:1 on the menu.
  it('a menu item focused from the keyboard shows a ring of at least 3:1 on the highlighted item and on the menu', () => {
    const item = rules.filter((rule) => rule.selector.split(',').some((s) => /^\.dropdown__item\b/.test(s.trim())));
    const ownRing = item.find((rule) => isFocusStyle(rule.selector) && colourIn(rule.declarations.get('outline') ?? ''));
    const removed = item.some((rule) => !isFocusStyle(rule.selector) && removesOutline(rule.declarations.get('outline')));
    const ring = ownRing?.declarations.get('outline') ?? (removed ? undefined : declared(':focus-visible', 'outline'));
    expect(ring, 'the focused menu item has an outline').toBeDefined();
    const colour = colourIn(ring!)!;
    expect(contrast(colour, SURFACES['highlighted menu item']!)).toBeGreaterThanOrEqual(3);
    expect(contrast(colour, MENU)).toBeGreaterThanOrEqual(3);
  });
});
