import type { CatalogueItem } from '@starport/schemas';
import { LEGENDARY_SUPPLY } from '@starport/schemas/catalogue-constants';
import type { ReactNode } from 'react';
import { ShipStats } from './ship-stats.tsx';
import './ship-profile.css';

type ShipProfileProps = {
  item: CatalogueItem;
  /** the element and rarity as the page names them */
  element: string;
  rarity: string;
  /** shown under the tags (the shop's stock line) */
  children?: ReactNode;
};

/**
 * A ship as both ship pages (marketplace /detail/{id} and shop /shop/{id}) describe it:
 * element · rarity (· Legendary serial), description, the element's team, and every stat.
 */
export function ShipProfile({ item, element, rarity, children }: ShipProfileProps) {
  return (
    <>
      <p className="ship-profile__tags">
        <span data-testid="ship-element">{element}</span> · <span data-testid="ship-rarity">{rarity}</span>
        {item.legendary_serial ? (
          <span>
            {' '}
            · #{item.legendary_serial} of {LEGENDARY_SUPPLY}
          </span>
        ) : null}
      </p>
      {children}
      {item.description && <p>{item.description}</p>}
      {item.team_name && (
        <section aria-label="Team">
          <h2>{item.team_name}</h2>
          <p className="muted">{item.team_description}</p>
        </section>
      )}
      <ShipStats item={item} />
    </>
  );
}
