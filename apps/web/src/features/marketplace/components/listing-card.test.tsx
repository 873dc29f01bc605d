import { screen } from '@testing-library/react';
import type { MarketplaceItem } from '@starport/schemas';
import { describe, expect, it } from 'vitest';
import { page, renderRoutes } from '../../../test/render.tsx';
import { unitListing } from '../../../test/unit-fixtures.ts';
import { ListingCard } from './listing-card.tsx';

const unit = unitListing() as unknown as MarketplaceItem;
const ship = { ...unit, _id: 's3', name: 'Nova Lancer', kind: 'ship', item: { ...unit.item, element: 2, rarity: 1 } } as MarketplaceItem;
const pack = { ...unit, _id: 'd4', name: '5,000 DNC', kind: 'dnc', type: 'dnc', item: { ...unit.item, dnc_amount: 5000 } } as MarketplaceItem;

const renderCard = (listing: MarketplaceItem) => renderRoutes([page('/', <ListingCard listing={listing} />)], '/');

describe('listing card links', () => {
  it('opens a unit on the unit page', () => {
    renderCard(unit);
    expect(screen.getByRole('link', { name: /Container House Apartment 30/ }).getAttribute('href')).toBe('/market/u1');
    expect(screen.getByText('Apart 25-72')).toBeTruthy();
  });

  it('opens a ship on its detail page', () => {
    renderCard(ship);
    expect(screen.getByRole('link', { name: /Nova Lancer/ }).getAttribute('href')).toBe('/detail/s3');
  });

  it('opens a DNC pack on the detail page, which shows packs too', () => {
    renderCard(pack);
    expect(screen.getByRole('link', { name: /5,000 DNC/ }).getAttribute('href')).toBe('/detail/d4');
  });
});

describe('listing card picture', () => {
  const picture = (container: HTMLElement) => container.querySelector('img')!;

  it('waits for scrolling below the fold', () => {
    const { container } = renderRoutes([page('/', <ListingCard listing={ship} />)], '/');
    expect(picture(container).getAttribute('loading')).toBe('lazy');
    expect(picture(container).getAttribute('fetchpriority')).toBe('auto');
  });

  it("loads at once and first on a card above the fold, the page's largest paint", () => {
    const { container } = renderRoutes([page('/', <ListingCard listing={ship} aboveTheFold />)], '/');
    expect(picture(container).getAttribute('loading')).toBe('eager');
    expect(picture(container).getAttribute('fetchpriority')).toBe('high');
  });
});
