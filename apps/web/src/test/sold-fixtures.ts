/** A recorded sale as the sold-list calls answer it (SoldItemSchema), for page tests. */
export function soldItem(i: number, kind: 'ship' | 'dnc' | 'house_unit' = 'ship', price = 1000 + i) {
  const item = {
    _id: `item${i}`,
    name: kind === 'house_unit' ? 'Type 2' : kind === 'dnc' ? '500 DNC' : `Ship ${i}`,
    element: kind === 'ship' ? 2 : null,
    rarity: kind === 'ship' ? 3 : null,
    image: `/images/v1/ship/2-3-${i}`,
    description: '',
    ...(kind === 'house_unit' ? { apart_label: 'Apart 25-72' } : {}),
  };
  return {
    _id: `sale${i}`,
    id: `${100 + i}`,
    name: item.name,
    type: kind === 'dnc' ? 'dnc' : 'spaceship',
    kind,
    price,
    price_micro: String(price * 1_000_000),
    sold_at: '2026-05-18T12:00:00.000Z',
    item,
    cache: item,
  };
}
