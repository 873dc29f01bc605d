/**
 * The colours of each element, as the server-drawn ship portraits use them
 * (apps/api/src/modules/art/palette.ts). The web app talks to the API over HTTP only, so the
 * few facts the 3D model needs are repeated here; keep the two in step when the art changes.
 */
export type ElementCode = 0 | 1 | 2;

export type ShipColours = {
  /** background gradient: centre and edge */
  space: readonly [string, string];
  hull: string;
  hullLight: string;
  hullDark: string;
  accent: string;
  accent2: string;
  glass: string;
  flame: string;
};

export const ELEMENT_COLOURS: Record<ElementCode, ShipColours> = {
  // Human: brushed steel, navy-blue livery, amber lights.
  0: { space: ['#13263f', '#060b14'], hull: '#9aa8ba', hullLight: '#dfe6ef', hullDark: '#4e5d72', accent: '#2f6fde', accent2: '#f59e0b', glass: '#7dd3fc', flame: '#60a5fa' },
  // AI: dark teal plates, cyan and green circuitry.
  1: { space: ['#06302f', '#020d0d'], hull: '#123238', hullLight: '#1f5259', hullDark: '#081a1e', accent: '#22d3ee', accent2: '#34d399', glass: '#a7f3d0', flame: '#2dd4bf' },
  // Alien: violet flesh, pink veins, lime bio-light.
  2: { space: ['#2a0f45', '#0b0414'], hull: '#7e3fe0', hullLight: '#c084fc', hullDark: '#3b1470', accent: '#f0abfc', accent2: '#a3e635', glass: '#d9f99d', flame: '#e879f9' },
};

/** Human hulls come in three finishes, as in the portraits: bare steel, white, gunmetal. */
export const HUMAN_FINISHES: ReadonlyArray<Partial<ShipColours>> = [
  {},
  { hull: '#c3cdd9', hullLight: '#f8fafc', hullDark: '#5f6e82' },
  { hull: '#6f7b8b', hullLight: '#b5c0cd', hullDark: '#343e4b' },
];

/** The Legendary frame colour of the portraits; the 3D view uses it for the display ring. */
export const LEGENDARY_GOLD = '#f5b82e';

export const isElementCode = (n: number | null | undefined): n is ElementCode => n === 0 || n === 1 || n === 2;
