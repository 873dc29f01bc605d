import { FilterPanel } from '../../features/catalogue/components/filter-panel.tsx';
import { ShipMintCheckout } from '../../features/checkout/components/ship-mint-checkout.tsx';
import { ELEMENT_FILTERS, RARITY_FILTERS } from '../../features/my-assets/model/asset-filters.ts';
import MySpaceshipsPage, {
  type ConvertSlot,
  type FiltersSlot,
} from '../../features/my-assets/pages/my-spaceships-page.tsx';

/**
 * /my-assets/spaceships with the marketplace's filter panel (catalogue): the two areas do not
 * import each other, so the page is composed here. Price is what the player paid. The same for
 * the checkout's "Convert to NFT" on each free ship.
 */
const filters: FiltersSlot = ({ filters: current, problems, onChange }) => (
  <FilterPanel
    filters={current}
    elements={ELEMENT_FILTERS}
    rarities={RARITY_FILTERS}
    onChange={onChange}
    problems={problems}
  />
);

/** A free ship's "Convert to NFT" is the checkout's (the mint fee is a crypto payment). */
const convert: ConvertSlot = (props) => <ShipMintCheckout {...props} />;

export default function MySpaceshipsRoute() {
  return <MySpaceshipsPage renderFilters={filters} renderConvert={convert} />;
}
