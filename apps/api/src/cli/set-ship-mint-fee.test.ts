import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { shipMintFee } from '../modules/minting/index.ts';
import { CliError } from './cli-error.ts';
import type { Io } from './io.ts';
import { parseCommand } from './parse.ts';
import { runCommand } from './run-command.ts';
import { USAGE } from './usage.ts';

/** set-ship-mint-fee: what converting a ship to an NFT costs (decision 0052). */
describe('the ship mint fee setting', () => {
  let database: Database;
  const run = async (argv: string[]) => {
    const lines: string[] = [];
    const io: Io = { out: (l) => void lines.push(l), err: (l) => void lines.push(l), readFile: async () => '', readStdin: async () => '' };
    await runCommand(database.db, parseCommand(argv), io);
    return lines.join('\n');
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('is in the help, and show-settings gives the $5 default until it is set', async () => {
    expect(USAGE).toMatch(/^ {2}set-ship-mint-fee <USD> +what converting a ship to an NFT costs/m);
    expect(await run(['show-settings'])).toMatch(/^ship_mint_fee {2}\$5\.00 to convert a ship to an NFT \(default\)$/m);
  });

  it('sets the fee in whole cents; the server reads it', async () => {
    expect(await run(['set-ship-mint-fee', '7.25'])).toBe('Converting a ship to an NFT now costs $7.25.');
    expect(await shipMintFee(database.db)).toBe(7_250_000n);
    expect(await run(['show-settings'])).toMatch(/^ship_mint_fee {2}\$7\.25 to convert a ship to an NFT \(set .+\)$/m);
  });

  it('refuses a fee that cannot be charged, with exit code 2, changing nothing', async () => {
    for (const bad of ['0', '-1', '1.005', 'five', '10000.01', '']) {
      let caught: unknown;
      try {
        await run(['set-ship-mint-fee', bad]);
      } catch (err) {
        caught = err;
      }
      expect(caught, bad).toBeInstanceOf(CliError);
      expect((caught as CliError).exitCode, bad).toBe(2);
    }
    expect(await shipMintFee(database.db)).toBe(7_250_000n);
  });
});
