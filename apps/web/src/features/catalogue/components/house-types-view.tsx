import { withSize } from '@starport/schemas/images';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { messageOf } from '../../../lib/api-error.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadingBlock } from '../../../components/ui/spinner.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { formatApr, formatMinted, unitTypeLabel } from '../model/unit-format.ts';
import { UnitStats } from './unit-stats.tsx';
import { useHouseTypes, type HouseType } from '../api/get-house-types.ts';
import './house-types-view.css';

type Props = {
  title?: string;
  /** heading level of the view's title, so it fits the page it is placed on */
  level?: 2 | 3;
};

/**
 * The container-house landing view (spec §2): every unit type with its figures, APR, price of
 * a piece and minted / total pieces. A type links to its cheapest listed unit; a type with
 * nothing for sale is shown without a link rather than a link to nowhere.
 */
export function HouseTypesView({ title = 'Container Houses', level = 2 }: Props) {
  const query = useHouseTypes();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="house-types" aria-labelledby="house-types-title">
      <Heading id="house-types-title">{title}</Heading>
      <p className="muted">Own pieces of apartments rented out in the game and earn a share of the rent.</p>
      {query.isPending ? (
        <LoadingBlock label="Loading the unit types…" />
      ) : query.isError ? (
        <Alert tone="error" title="The unit types could not be loaded">
          <p>{messageOf(query.error)}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : query.data.data.length === 0 ? (
        <p className="muted">No container-house units are on offer yet.</p>
      ) : (
        <ul className="house-types__grid">
          {query.data.data.map((type) => (
            <li key={type.type}>
              <HouseTypeCard type={type} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HouseTypeCard({ type }: { type: HouseType }) {
  const label = unitTypeLabel(type.name, type.apart_label);
  const href = type.cheapest_listing_id ? paths.marketItem.getHref(type.cheapest_listing_id) : null;
  return (
    <article className="house-type" data-type={type.type}>
      <MaybeLink href={href}>
        {/* Decorative: the heading names the type, and the link would read "Type 2" twice. */}
        <img src={withSize(type.image, '300x300')} alt="" width={300} height={300} loading="lazy" />
        <h3 className="house-type__name">{label}</h3>
      </MaybeLink>
      <UnitStats figures={type} compact />
      <p className="house-type__apr">{formatApr(type.apr_bps)}</p>
      <p className="house-type__price">
        <span className="muted">Current price</span> {formatPrice(type.price)}
      </p>
      <p className="house-type__minted">
        <span className="muted">Minted</span> {formatMinted(type.minted, type.total)} pieces
      </p>
      <p className="house-type__listed muted">
        {type.listed > 0 ? `${type.listed} for sale on the marketplace` : 'None for sale right now'}
      </p>
    </article>
  );
}

function MaybeLink({ href, children }: { href: string | null; children: ReactNode }) {
  if (!href) return <div className="house-type__link">{children}</div>;
  return (
    <Link to={href} className="house-type__link">
      {children}
    </Link>
  );
}
