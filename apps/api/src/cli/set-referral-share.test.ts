import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { readReferralShare } from '../modules/referrals/index.ts';
import { CliError } from './cli-error.ts';
import type { Io } from './io.ts';
import { parseCommand } from './parse.ts';
import { runCommand } from './run-command.ts';
import { USAGE } from './usage.ts';

/** set-referral-share: the referrer's share of a referred player's paid order, in basis points. */
describe('set-referral-share', () => {
  let database: Database;
  const run = async (argv: string[]) => {
    const lines: string[] = [];
    const io: Io = {
      out: (l) => void lines.push(l),
      err: (l) => void lines.push(l),
      readFile: async () => '',
      readStdin: async () => '',
    };
    await runCommand(database.db, parseCommand(argv), io);
    return lines.join('\n');
  };
  /** The CliError a command fails with. */
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

  it('is in the help, with its unit', () => {
    expect(USAGE).toMatch(/^ {2}set-referral-share <basis points> +.+\n.+0 to 10000 \(500 = 5%/m);
  });

  it('shows the default share until one is set', async () => {
    expect(await run(['show-settings'])).toMatch(/^referral_share {2}500 basis points \(5%\) of a referred player's paid order \(default\)$/m);
  });

  it('sets the share in basis points, says it as a percent too, and show-settings has it', async () => {
    expect(await run(['set-referral-share', '250'])).toBe(
      'Referrers now earn 250 basis points (2.5%) of each paid order of a player they referred, for orders fulfilled from now on.',
    );
    expect(await readReferralShare(database.db)).toBe(250);
    expect(await run(['show-settings'])).toMatch(/^referral_share {2}250 basis points \(2\.5%\) .+ \(set \d{4}-.+Z\)$/m);
    // Both ends of the range: no share at all, and the whole order.
    expect(await run(['set-referral-share', '0'])).toContain('0 basis points (0%)');
    expect(await run(['set-referral-share', '10000'])).toContain('10000 basis points (100%)');
    expect(await readReferralShare(database.db)).toBe(10_000);
  });

  it('refuses anything but whole basis points from 0 to 10000 as bad usage, changing nothing', async () => {
    await run(['set-referral-share', '500']);
    // A negative number reads as an unknown flag: bad usage all the same.
    expect(await failure(['set-referral-share', '-1'])).toMatchObject({ exitCode: 2 });
    for (const bad of ['10001', '2.5', '5%', 'five', '', '0500', '1e3']) {
      const err = await failure(['set-referral-share', bad]);
      expect(err.exitCode, bad).toBe(2);
      expect(err.message, bad).toBe(`set-referral-share takes whole basis points from 0 to 10000 (500 = 5%), not "${bad}".`);
    }
    for (const argv of [['set-referral-share'], ['set-referral-share', '1', '2']])
      expect(await failure(argv)).toMatchObject({ exitCode: 2, message: 'set-referral-share takes <basis points>.' });
    expect(await readReferralShare(database.db)).toBe(500);
  });
});
