import { ELEMENT_PALETTES, RARITY_STYLES, type ElementId, type RarityId } from './palette.ts';
import { mixSeed, mulberry32 } from './prng.ts';
import { aiShip } from './ship-ai.ts';
import { alienShip } from './ship-alien.ts';
import { shipBackground, shipFrame } from './ship-frame.ts';
import { humanShip } from './ship-human.ts';
import { svgDocument } from './svg.ts';

const FAMILIES = { 0: humanShip, 1: aiShip, 2: alienShip } as const;

/**
 * A spaceship portrait. The seed shapes the hull, wings, engines and cockpit; the element
 * picks the silhouette family and palette; the rarity picks the frame, glow and corner mark.
 * Rarity never changes the ship itself, so a ship looks like itself whatever its rarity.
 */
export function renderShip(element: ElementId, rarity: RarityId, seed: number): string {
  const pal = ELEMENT_PALETTES[element];
  const style = RARITY_STYLES[rarity];
  // Ids are unique per picture, so several SVGs inlined in one page never share gradients.
  const p = `s${element}${rarity}-${seed}-`;
  const ship = FAMILIES[element](p, pal, mulberry32(mixSeed(element, seed)));
  const stars = mulberry32(mixSeed(seed, 0x5eed));
  return svgDocument(
    `${style.name} ${pal.name} spaceship #${seed}`,
    shipBackground(p, pal, style, stars) + ship + shipFrame(p, rarity, style, element, pal),
  );
}
