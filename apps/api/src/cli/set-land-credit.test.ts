import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { readTopUpTerms } from '../modules/land/index.ts';
import { CliError } from './cli-error.ts';
import type { Io } from './io.ts';
import { parseCommand } from './parse.ts';
import { runCommand } from './run-command.ts';
import { USAGE } from './usage.ts';

/** set-land-credit-price and set-land-credit-topup: the terms of a land-credit top-up (decision 0047). */
describe('the land-credit top-up settings', () => {
  let database: Database;
  const run = async (argv: string[]) => {
    const lines: string[] = [];
    const io: Io = { out: (l) => void lines.push(l), err: (l) => void lines.push(l), readFile: async () => '', readStdin: async () => '' };
    await runCommand(database.db, parseCommand(argv), io);
    return lines.join('\n');
  };
  const failure = async (argv: string[]): Promise<CliError> => {
    try {
      await run(argv);
    } catch (err) {
      if (err instanceof CliError) return err;
      throw err;
    }
    throw new Error(`${argv.join(' ')} did not fail`);
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('are in the help', () => {
    expect(USAGE).toMatch(/^ {2}set-land-credit-price <USD per credit>$/m);
    expect(USAGE).toMatch(/^ {2}set-land-credit-topup <least>-<most> +how many credits one top-up buys/m);
  });

  it('show-settings has the defaults until they are set', async () => {
    const out = await run(['show-settings']);
    expect(out).toMatch(/^land_credit_price {2}\$1\.00 per credit \(default\)$/m);
    expect(out).toMatch(/^land_credit_topup {2}1 to 1000 credits per top-up \(default\)$/m);
  });

  it('sets the price in whole cents and the bounds; the server reads them', async () => {
    expect(await run(['set-land-credit-price', '2.50'])).toBe('A land credit now costs $2.50 in a top-up.');
    expect(await run(['set-land-credit-topup', '5-250'])).toBe('A top-up now buys from 5 to 250 land credits.');
    expect(await readTopUpTerms(database.db)).toEqual({ priceMicro: 2_500_000n, min: 5, max: 250 });
    const out = await run(['show-settings']);
    expect(out).toMatch(/^land_credit_price {2}\$2\.50 per credit \(set .+\)$/m);
    expect(out).toMatch(/^land_credit_topup {2}5 to 250 credits per top-up \(set .+\)$/m);
  });

  it('refuses what cannot be charged or sold, with exit code 2, changing nothing', async () => {
    for (const bad of ['0', '-1', '1.005', 'one', '10000.01', '']) {
      const err = await failure(['set-land-credit-price', bad]);
      expect(err.exitCode, bad).toBe(2);
    }
    expect((await failure(['set-land-credit-topup', '-3-4'])).exitCode).toBe(2);
    for (const bad of ['10-5', '0-5', '5', '1-1000001', 'a-b']) {
      const err = await failure(['set-land-credit-topup', bad]);
      expect(err.exitCode, bad).toBe(2);
      expect(err.message, bad).toMatch(/^set-land-credit-topup takes the least and most credits/);
    }
    expect(await readTopUpTerms(database.db)).toEqual({ priceMicro: 2_500_000n, min: 5, max: 250 });
  });
});
