import { afterEach, describe, expect, it } from 'vitest';
import { startAnvil, type AnvilInstance } from '../src/anvil.ts';

const started: AnvilInstance[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((anvil) => anvil.stop()));
});

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('startAnvil', () => {
  it('gives every anvil started at once its own port, held by its own live process', async () => {
    const anvils = await Promise.all(Array.from({ length: 6 }, () => startAnvil()));
    started.push(...anvils);
    expect(new Set(anvils.map((anvil) => anvil.port)).size).toBe(anvils.length);
    for (const anvil of anvils) expect(isAlive(anvil.pid)).toBe(true);
  });

  it('refuses a port another anvil holds instead of passing that chain off as its own', async () => {
    const first = await startAnvil();
    started.push(first);
    await expect(startAnvil({ port: first.port, startTimeoutMs: 10_000 })).rejects.toThrow(/anvil did not start/);
    expect(isAlive(first.pid)).toBe(true);
  });
});
