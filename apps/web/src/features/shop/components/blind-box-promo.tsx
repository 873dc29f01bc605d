import type { BlindBox, BlindBoxOdds } from '@starport/schemas';
import { blindBoxImagePath, withSize } from '@starport/schemas/images';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import type { NewCartItem } from '../../../lib/cart-store.ts';
import { formatPercent, formatPrice } from '../../../lib/format.ts';
import { useBlindBox } from '../../../lib/blind-box.ts';
import { useBlindBoxChance } from '../api/blind-box.ts';
import type { AddToCartSlot } from './add-to-cart-slot.ts';
import './blind-box-promo.css';

/** The promo shows the box price as the spec does: "$250", with the listed "$1,000" struck through. */
const promoPrice = (usd: number) => formatPrice(usd, 'short');

const ODDS_ROWS: { key: keyof BlindBoxOdds; label: string }[] = [
  { key: 'common', label: 'Common' },
  { key: 'rare', label: 'Rare' },
  { key: 'epic', label: 'Epic' },
  { key: 'legend', label: 'Legendary' },
];

/** The spec's blind box cart item (§3), every figure as the API states it. */
export const blindBoxCartItem = (box: BlindBox): NewCartItem => ({
  _id: box._id,
  object: box.object,
  code: box.code,
  name: box.name,
  image: box.image,
  rarity: null,
  type: null,
  sell_price: box.sell_price,
  price: box.price,
  soldout: false,
});

/** The Frontier Blind Boxes promo (storefront.md §2 shop list): price, Add to cart, the odds. */
export function BlindBoxPromo({ AddToCart }: { AddToCart: AddToCartSlot }) {
  const box = useBlindBox();
  const [open, setOpen] = useState(false);
  const name = box.data?.item.name ?? 'Frontier Blind Box';

  return (
    <section className="blind-box-promo" aria-labelledby="blind-box-title" data-testid="blind-box-promo">
      {/* Decorative: the heading beside it already names the box. */}
      <img
        className="blind-box-promo__image"
        src={withSize(box.data?.item.image ?? blindBoxImagePath(), '300x300')}
        alt=""
        width={300}
        height={300}
      />
      <div className="blind-box-promo__body">
        <p className="blind-box-promo__kicker">Frontier Blind Boxes</p>
        <h2 id="blind-box-title">{name}</h2>
        {box.data?.item.description && <p className="muted">{box.data.item.description}</p>}
        {box.isPending && <p className="blind-box-promo__price blind-box-promo__price--loading" aria-hidden="true" />}
        {box.isError && (
          <Alert tone="error" title="The blind box price could not be loaded">
            {box.error.message}
          </Alert>
        )}
        {box.data && (
          <p className="blind-box-promo__price" data-testid="blind-box-price">
            <span>{promoPrice(box.data.item.sell_price)}</span>
            {box.data.item.price > box.data.item.sell_price && (
              <s className="blind-box-promo__listed">
                <span className="sr-only">Listed price </span>
                {promoPrice(box.data.item.price)}
              </s>
            )}
          </p>
        )}
        <div className="blind-box-promo__actions">
          {/* Waits for the API's answer: the cart line is the box as the API names it. */}
          <AddToCart item={box.data ? blindBoxCartItem(box.data.item) : null} />
          <Button variant="secondary" onClick={() => setOpen(true)}>
            View probability
          </Button>
        </div>
        <p className="muted">
          Every box is opened verifiably: <Link to={paths.fairness.getHref()}>Provably fair</Link>
        </p>
      </div>
      <OddsDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}

function OddsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const chance = useBlindBoxChance(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Blind box probability" description="The chance of each rarity in one box.">
      {chance.isPending && <Spinner label="Loading the odds…" />}
      {chance.isError && (
        <Alert tone="error" title="The odds could not be loaded">
          {chance.error.message}
        </Alert>
      )}
      {chance.data && (
        <dl className="blind-box-odds">
          {ODDS_ROWS.map(({ key, label }) => (
            <div key={key} className="blind-box-odds__row" data-odds={key}>
              <dt>{label}</dt>
              <dd>{formatPercent(chance.data.chance[key])}</dd>
            </div>
          ))}
        </dl>
      )}
      <DialogActions>
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
