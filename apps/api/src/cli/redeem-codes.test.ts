import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addBlindBox, addPlayer, addShip } from '../../test/catalogue-fixtures.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { dncBalance, shipsOf } from '../modules/assets/index.ts';
import { REDEEM_MESSAGES, redeemCode } from '../modules/redeem/index.ts';
import { CliError } from './cli-error.ts';
import type { Io } from './io.ts';
import { parseCommand } from './parse.ts';
import { runCommand } from './run-command.ts';

const io = (lines: string[]): Io => ({
  out: (l) => void lines.push(l),
  err: (l) => void lines.push(l),
  readFile: async () => '',
  readStdin: async () => '',
});

describe('admin redeem-codes: operators create, list and disable the codes players redeem', () => {
  let database: Database;
  const run = async (argv: string[]) => {
    const lines: string[] = [];
    await runCommand(database.db, parseCommand(argv), io(lines));
    return lines;
  };
  const codeOf = (lines: string[]) => /^Created redeem code \d+: (\S+)$/.exec(lines[0]!)![1]!;

  beforeAll(async () => {
    database = await createTestDatabase();
    await addBlindBox(database.db, { code: 'frontier', name: 'Frontier Blind Box' });
  });
  afterAll(async () => database?.close());

  it('creates a DNC code that a player redeems, prints it once, and lists it with its uses', async () => {
    const lines = await run(['redeem-codes', 'create', '--dnc', '750', '--uses', '2', '--days', '7']);
    expect(lines[0]).toMatch(/^Created redeem code \d+: [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(lines[1]).toMatch(/^It grants 750 DNC, to 2 players once each, until \d{4}-/);
    const code = codeOf(lines);
    const player = await addPlayer(database.db, 'cliredeemer');
    await redeemCode(database.db, player, code);
    expect(await dncBalance(database.db, player)).toBe(750);
    const list = await run(['redeem-codes', 'list']);
    expect(list[0]).toMatch(/^id\s+code\s+grants\s+uses\s+expires\s+state$/);
    expect(list.join('\n')).toContain(`${code.slice(0, 4)}…`);
    expect(list.find((l) => l.includes(code.slice(0, 4)))).toMatch(/750 DNC\s+1\/2\s+.*active$/);
    expect(list.join('\n')).not.toContain(code);
  });

  it('creates a ship code with a chosen code, and disable stops it at once', async () => {
    const shipId = await addShip(database.db, 'CLI Falcon');
    const lines = await run(['redeem-codes', 'create', '--ship', String(shipId), '--code', 'falcon-2026']);
    expect(codeOf(lines)).toBe('FALCON-2026');
    expect(lines[1]).toContain(`a copy of ship ${shipId}, to 1 player once each, with no expiry`);
    const id = /code (\d+):/.exec(lines[0]!)![1]!;
    expect(await run(['redeem-codes', 'disable', 'Falcon-2026'])).toEqual([`Disabled redeem code ${id}: it can no longer be redeemed.`]);
    expect(await run(['redeem-codes', 'disable', id])).toEqual([`Redeem code ${id} was already disabled.`]);
    const player = await addPlayer(database.db, 'clilate');
    await expect(redeemCode(database.db, player, 'FALCON-2026')).rejects.toMatchObject({ status: 409, message: REDEEM_MESSAGES.disabled });
    expect((await run(['redeem-codes', 'list'])).find((l) => l.startsWith(`${id} `))).toMatch(/disabled$/);
  });

  it('creates a blind-box code that opens its boxes on redemption, and lists it', async () => {
    const lines = await run(['redeem-codes', 'create', '--box', 'frontier', '--count', '2', '--uses', '3']);
    expect(lines[1]).toMatch(/^It grants 2 blind boxes frontier, opened on redemption, to 3 players once each, with no expiry\.$/);
    const code = codeOf(lines);
    const player = await addPlayer(database.db, 'cliboxer');
    const redemption = await redeemCode(database.db, player, code);
    expect(redemption.box).toMatchObject({ code: 'frontier', name: 'Frontier Blind Box', count: 2 });
    expect(redemption.box!.openings).toHaveLength(2);
    expect(await shipsOf(database.db, player)).toHaveLength(2);
    expect((await run(['redeem-codes', 'list'])).find((l) => l.includes(code.slice(0, 4)))).toMatch(/2 × box frontier Frontier Blind Box\s+1\/3\s+.*active$/);
  });

  it.each([
    [['redeem-codes'], /create, list or disable/],
    [['redeem-codes', 'create'], /--dnc N, --ship SHIP_ID or --box BOX_CODE/],
    [['redeem-codes', 'create', '--dnc', '5', '--ship', '1'], /--dnc N, --ship SHIP_ID or --box BOX_CODE/],
    [['redeem-codes', 'create', '--box', 'frontier', '--dnc', '5'], /one of them/],
    [['redeem-codes', 'create', '--box', 'no-such-box'], /no blind box "no-such-box"/],
    [['redeem-codes', 'create', '--box', 'frontier', '--count', '0'], /--count is a whole number from 1 to 10/],
    [['redeem-codes', 'create', '--box', 'frontier', '--count', '11'], /--count is a whole number from 1 to 10/],
    [['redeem-codes', 'create', '--dnc', '5', '--count', '2'], /--count goes with --box/],
    [['redeem-codes', 'create', '--dnc', '0'], /--dnc is a whole number/],
    [['redeem-codes', 'create', '--dnc', '5', '--uses', '-1'], /--uses|argument/],
    [['redeem-codes', 'create', '--dnc', '5', '--expires', 'soon'], /--expires is a date/],
    [['redeem-codes', 'create', '--dnc', '5', '--expires', '2000-01-01'], /in the past/],
    [['redeem-codes', 'create', '--dnc', '5', '--code', 'no spaces!'], /letters, digits and dashes/],
    [['redeem-codes', 'create', '--ship', '99999999'], /no ship 99999999/],
    [['redeem-codes', 'create', '--dnc', '5', '--colour', 'red'], /Unknown option/],
    [['redeem-codes', 'disable'], /takes <id or code>/],
  ])('refuses %j with a sentence (exit 2) and creates nothing', async (argv, message) => {
    const before = await run(['redeem-codes', 'list']);
    const err = await run(argv).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).message).toMatch(message);
    expect((err as CliError).exitCode).toBe(2);
    expect(await run(['redeem-codes', 'list'])).toEqual(before);
  });

  it('a code that exists already is refused', async () => {
    await run(['redeem-codes', 'create', '--dnc', '5', '--code', 'TWICE-1']);
    await expect(run(['redeem-codes', 'create', '--dnc', '5', '--code', 'twice-1'])).rejects.toThrow('That code exists already.');
  });

  it('disabling an unknown code fails with exit 1', async () => {
    const err = await run(['redeem-codes', 'disable', 'NOPE-NOPE']).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: 'There is no such code.', exitCode: 1 });
  });
});
