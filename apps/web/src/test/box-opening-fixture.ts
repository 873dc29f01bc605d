/** One opened Frontier box as GET /api/orders answers it on a blind-box line (tests only). */
export const boxOpening = (id: string, shipName: string, rarity = 2) => ({
  id,
  box_code: 'frontier',
  box_name: 'Frontier Blind Box',
  opened_at: '2026-11-22T02:01:30.000Z',
  server_seed_hash: 'a'.repeat(64),
  server_seed: null,
  client_seed: 'my lucky seed',
  nonce: 7,
  roll: 9123,
  rarity,
  odds: { common: 7000, rare: 2000, epic: 900, legend: 100 },
  ship: { id: '501', name: shipName, rarity, element: 1, image: '/art/ships/1-2-77.png' },
});
