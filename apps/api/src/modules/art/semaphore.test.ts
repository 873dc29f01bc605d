import { describe, expect, it } from 'vitest';
import { QueueFullError, Semaphore } from './semaphore.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('Semaphore', () => {
  it('never runs more than `max` tasks at once and runs them all', async () => {
    const slots = new Semaphore(2);
    let active = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        slots.run(async () => {
          peak = Math.max(peak, ++active);
          await tick();
          active--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses work past the queue limit, and frees the slot of a task that throws', async () => {
    const slots = new Semaphore(1, 1);
    const first = slots.run(async () => {
      await tick();
      throw new Error('boom');
    });
    const second = slots.run(async () => 'second');
    await expect(slots.run(async () => 'third')).rejects.toBeInstanceOf(QueueFullError);
    await expect(first).rejects.toThrow('boom');
    await expect(second).resolves.toBe('second');
    await expect(slots.run(async () => 'after')).resolves.toBe('after');
  });
});
