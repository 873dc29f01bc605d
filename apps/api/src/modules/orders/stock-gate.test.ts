import { describe, expect, it } from 'vitest';
import { StockGate } from './stock-gate.ts';

/** Resolves once every promise queued so far has had its turn (no timers). */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('StockGate', () => {
  it('gives a row one turn at a time, in arrival order, and other rows their own', async () => {
    const gate = new StockGate();
    const order: string[] = [];
    const first = await gate.enter(1);
    const second = gate.enter(1).then((p) => (order.push('second'), p));
    const third = gate.enter(1).then((p) => (order.push('third'), p));
    const otherRow = await gate.enter(2); // not behind row 1
    await settle();
    expect(order).toEqual([]);
    first.leave();
    (await second).leave();
    (await third).leave();
    otherRow.leave();
    expect(order).toEqual(['second', 'third']);
    expect(gate.activeRows).toBe(0);
  });

  it('shows a waiter what a turn taken after its mark saw, and nothing older', async () => {
    const gate = new StockGate();
    const before = gate.mark();
    const holder = await gate.enter(7);
    const takeBegan = gate.mark();
    const waiting = gate.enter(7);
    const after = gate.mark(); // a checkout that read the stock itself after the take began
    holder.observe(0, 'Aurora', takeBegan);
    holder.leave();
    const waiter = await waiting;
    expect(waiter.seenSince(before)).toEqual({ stock: 0, name: 'Aurora' });
    expect(waiter.seenSince(after)).toBeUndefined();
    waiter.leave();
  });

  it('keeps the newest observation when an older one arrives late', async () => {
    const gate = new StockGate();
    const start = gate.mark();
    const pass = await gate.enter(3);
    const older = gate.mark();
    const newer = gate.mark();
    pass.observe(4, 'Nova', newer);
    pass.observe(9, 'Nova', older);
    expect(pass.seenSince(start)).toEqual({ stock: 4, name: 'Nova' });
    pass.leave();
  });

  it('leaving twice hands the turn on once', async () => {
    const gate = new StockGate();
    const first = await gate.enter(5);
    const second = gate.enter(5);
    const third = gate.enter(5);
    first.leave();
    first.leave();
    await second;
    let thirdIn = false;
    void third.then(() => (thirdIn = true));
    await settle();
    expect(thirdIn).toBe(false);
    (await second).leave();
    (await third).leave();
    expect(gate.activeRows).toBe(0);
  });

  it('a waiter whose turn never comes goes on without it after the bound, and holds nothing', async () => {
    const gate = new StockGate(5);
    const stuck = await gate.enter(9);
    const late = await gate.enter(9); // resolves when the bound runs out
    const next = gate.enter(9);
    late.leave(); // not the holder: hands nothing on
    let nextIn = false;
    void next.then(() => (nextIn = true));
    await settle();
    expect(nextIn).toBe(false);
    stuck.leave();
    (await next).leave();
    expect(gate.activeRows).toBe(0);
  });
});
