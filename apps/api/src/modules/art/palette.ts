/**
 * The colour language of the art, in one place so the tests can assert on it.
 * Element sets the ship's palette; rarity sets the frame and glow around it.
 */
export type ElementId = 0 | 1 | 2;
export type RarityId = 0 | 1 | 2 | 3;

export type ElementPalette = {
  name: string;
  /** background: centre and edge of the radial gradient */
  space: readonly [string, string];
  hull: string;
  hullLight: string;
  hullDark: string;
  accent: string;
  accent2: string;
  glass: string;
  flame: string;
};

export const ELEMENT_PALETTES: Record<ElementId, ElementPalette> = {
  // Human: brushed steel with navy-blue trim.
  0: { name: 'Human', space: ['#13263f', '#060b14'], hull: '#9aa8ba', hullLight: '#dfe6ef', hullDark: '#4e5d72', accent: '#2f6fde', accent2: '#f59e0b', glass: '#7dd3fc', flame: '#60a5fa' },
  // AI: near-black teal plates lit by cyan and green circuitry.
  1: { name: 'AI', space: ['#06302f', '#020d0d'], hull: '#123238', hullLight: '#1f5259', hullDark: '#081a1e', accent: '#22d3ee', accent2: '#34d399', glass: '#a7f3d0', flame: '#2dd4bf' },
  // Alien: violet flesh with pink and bio-luminescent lime.
  2: { name: 'Alien', space: ['#2a0f45', '#0b0414'], hull: '#7e3fe0', hullLight: '#c084fc', hullDark: '#3b1470', accent: '#f0abfc', accent2: '#a3e635', glass: '#d9f99d', flame: '#e879f9' },
};

export type RarityStyle = {
  name: string;
  frame: string;
  frameLight: string;
  /** stroke width of the frame */
  width: number;
  /** blur radius of the frame glow; 0 = no glow */
  glow: number;
  /** opacity of the coloured aura behind the ship; 0 = none */
  aura: number;
};

export const RARITY_STYLES: Record<RarityId, RarityStyle> = {
  0: { name: 'Common', frame: '#8b95a5', frameLight: '#c3cad4', width: 6, glow: 0, aura: 0 },
  1: { name: 'Rare', frame: '#3b8cff', frameLight: '#a5cbff', width: 8, glow: 0, aura: 0.18 },
  2: { name: 'Epic', frame: '#b455ff', frameLight: '#e2c2ff', width: 10, glow: 7, aura: 0.3 },
  3: { name: 'Legendary', frame: '#f5b82e', frameLight: '#fff1b8', width: 12, glow: 13, aura: 0.42 },
};

/** Container-house units: each type its own container colour, Type 5 the premium graphite. */
export const UNIT_COLOURS: Record<1 | 2 | 3 | 4 | 5, { main: string; second: string }> = {
  1: { main: '#e8833a', second: '#f3b27a' },
  2: { main: '#1fa99a', second: '#7fd9cd' },
  3: { main: '#3a78d6', second: '#9fc1f0' },
  4: { main: '#c9423c', second: '#e7a09b' },
  5: { main: '#343e4f', second: '#d4a93c' },
};
