import type { ArtRequest } from './art-key.ts';
import { renderBlindBox } from './blind-box-art.ts';
import { renderDnc } from './dnc-art.ts';
import { renderPenguin } from './penguin-art.ts';
import { renderShip } from './ship-art.ts';
import { renderUnit } from './unit-art.ts';

/** The SVG for a parsed request: pure, deterministic, a complete standalone document. */
export function renderArt(req: ArtRequest): string {
  switch (req.kind) {
    case 'ship':
      return renderShip(req.element, req.rarity, req.seed);
    case 'unit':
      return renderUnit(req.type);
    case 'blindbox':
      return renderBlindBox();
    case 'dnc':
      return renderDnc(req.amount);
    case 'penguin':
      return renderPenguin(req.rarity, req.seed);
  }
}
