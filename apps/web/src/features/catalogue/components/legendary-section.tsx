import type { CatalogueItem } from '@starport/schemas';
import { LEGENDARY_SUPPLY } from '@starport/schemas/catalogue-constants';
import { isElementCode, type ElementCode } from './ship-viewer/element-colours.ts';
import { ShipViewer } from './ship-viewer/ship-viewer.tsx';
import './legendary-section.css';

/** Lore we wrote for each element's Legendary hulls (flavour, not game rules). */
const LORE: Record<ElementCode, string> = {
  0: 'Legendary Terran hulls are laid down one at a time in the deep orbital yards, and each is signed off by the last of the old shipwright guilds. Pilots say you can feel the difference in the first hard turn.',
  1: 'The Synthetic Collective compiles a Legendary hull only when every node of its fleet mind agrees on the design. The result is a ship that thinks a fraction of a second ahead of its pilot.',
  2: 'Xeno Swarm Legendaries are grown, not built: each is the first-born of a brood queen, and no two have ever matched. The hull still answers to its own instincts.',
};

type LegendarySectionProps = {
  item: CatalogueItem;
  /** the ship's display name, for the 3D view's label */
  name: string;
};

/**
 * The extra section of a Legendary ship (storefront.md §2): its serial out of the 150 that can
 * ever exist, lore, what holding one means, and a 3D view. Renders nothing for other rarities.
 */
export function LegendarySection({ item, name }: LegendarySectionProps) {
  if (item.rarity !== 3 || !isElementCode(item.element)) return null;
  const serial = item.legendary_serial;
  return (
    <section className="legendary" aria-labelledby="legendary-title" data-testid="legendary-section">
      <div className="legendary__text stack">
        <p className="legendary__badge">Legendary</p>
        <h2 id="legendary-title">{serial ? `Legendary #${serial} of ${LEGENDARY_SUPPLY}` : `One of ${LEGENDARY_SUPPLY} Legendary ships`}</h2>
        <p>{LORE[item.element]}</p>
        <ul className="legendary__perks">
          <li>Only {LEGENDARY_SUPPLY} Legendary ships will ever exist; no more can be made.</li>
          {serial ? <li>Serial #{serial} belongs to this ship alone and stays with it whenever it changes hands.</li> : null}
          <li>Legendary hulls are built on the strongest base stats of any rarity.</li>
          {item.team_name ? <li>Flies in the colours of the {item.team_name}.</li> : null}
        </ul>
      </div>
      <ShipViewer element={item.element} shipKey={item._id} name={name} />
    </section>
  );
}
