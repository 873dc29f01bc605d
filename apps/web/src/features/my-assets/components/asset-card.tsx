import type { MyAsset } from '@starport/schemas';
import { withSize } from '@starport/schemas/images';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ExternalLink } from '../../../components/ui/external-link.tsx';
import { assetStateText, ELEMENT_NAMES, RARITY_NAMES } from '../model/labels.ts';

const STATS = [
  { key: 'health', label: 'Health' },
  { key: 'healing', label: 'Healing' },
  { key: 'gun_damage', label: 'Gun Damage' },
  { key: 'rocket_damage', label: 'Rocket Damage' },
  { key: 'rocket_re_time', label: 'Rocket Reload (ms)' },
] as const;

type AssetCardProps = {
  asset: MyAsset;
  onList: (asset: MyAsset) => void;
  /** Unit pieces: open the Withdraw to wallet dialog (left out: no such action). */
  onWithdraw?: (asset: MyAsset) => void;
  /** the ship's "Convert to NFT" (the checkout's, composed in app/routes), if the page has one */
  convertAction?: ReactNode;
};

/** Only a web address opens from the card; anything else the server sent is not a link. */
const webLink = (url: string | null): string | null => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * One owned ship (or a unit's pieces): picture, name, what it is, its stats and where it is.
 * A free ship can be listed for sale or converted to an NFT (owned-assets.md §2.2, §4.2); a
 * converted one links its mint transaction in the NFT chain's explorer.
 */
export function AssetCard({ asset, onList, onWithdraw, convertAction }: AssetCardProps) {
  const state = assetStateText(asset);
  const ship = asset.kind === 'ship';
  const mintTxUrl = webLink(asset.nft.tx_url);
  const tags = ship
    ? [ELEMENT_NAMES[asset.element ?? -1], RARITY_NAMES[asset.rarity ?? -1]]
    : ['Container house unit', `${asset.pieces} piece${asset.pieces === 1 ? '' : 's'}`];
  return (
    <article className={`asset-card asset-card--r${asset.rarity ?? 'x'}`} data-testid="asset-card">
      <img src={withSize(asset.image, '300x300')} alt="" width={300} height={300} loading="lazy" />
      <h2 className="asset-card__name">{asset.name}</h2>
      <p className="asset-card__tags">{tags.filter(Boolean).join(' · ')}</p>
      {state && (
        <p className="asset-card__state" data-testid="asset-state">
          {state}
        </p>
      )}
      {ship && (
        <dl className="asset-card__stats">
          {STATS.map(({ key, label }) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{asset[key]}</dd>
            </div>
          ))}
        </dl>
      )}
      {ship && (
        <div className="asset-card__actions">
          {asset.state === 'available' && (
            <Button variant="primary" onClick={() => onList(asset)}>
              List for sale
            </Button>
          )}
          {/* Always mounted on a ship: the payment it opens outlives the button (the ship locks at once). */}
          {convertAction}
          {asset.state === 'minted' && mintTxUrl && (
            <ExternalLink href={mintTxUrl} data-testid="asset-mint-tx">
              View transaction
            </ExternalLink>
          )}
        </div>
      )}
      {!ship && onWithdraw && asset.item.apartment !== undefined && (
        <div className="asset-card__actions">
          <Button variant="primary" onClick={() => onWithdraw(asset)}>
            Withdraw to wallet
          </Button>
        </div>
      )}
    </article>
  );
}
