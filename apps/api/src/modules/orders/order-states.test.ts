import { ORDER_STATUSES, type OrderStatus } from '@starport/schemas';
import { describe, expect, it } from 'vitest';
import { canTransition, isTerminal, sourcesOf } from './order-states.ts';

/** The moves ARCHITECTURE.md allows, written out independently of the table under test. */
const ALLOWED = new Set([
  'pending→paid',
  'pending→expired',
  'pending→failed',
  'pending→cancelled',
  'paid→fulfilled',
  'paid→refunded',
  'fulfilled→refunded',
]);

const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as [OrderStatus, OrderStatus]));

describe('the order state machine', () => {
  it.each(pairs)('%s → %s', (from, to) => {
    expect(canTransition(from, to)).toBe(ALLOWED.has(`${from}→${to}`));
  });

  it('knows where each status can be reached from', () => {
    expect(sourcesOf('paid')).toEqual(['pending']);
    expect(sourcesOf('refunded')).toEqual(['paid', 'fulfilled']);
    expect(sourcesOf('pending')).toEqual([]);
  });

  it('ends in expired, failed, cancelled and refunded', () => {
    expect(ORDER_STATUSES.filter(isTerminal)).toEqual(['expired', 'failed', 'cancelled', 'refunded']);
  });
});
