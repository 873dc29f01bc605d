import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-database.ts';
import type { Database } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { OperatorAccountsService } from './operator-accounts.service.ts';
import { insertSession } from './sessions.repo.ts';
import { SessionService } from './sessions.service.ts';

const WALLET = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';

/** The AppError a call fails with (and a failed test when it does not fail so). */
async function refusal(work: () => Promise<unknown>): Promise<AppError> {
  const err = await work().then(
    () => undefined,
    (e: unknown) => e,
  );
  if (err instanceof AppError) return err;
  throw new Error(`expected an AppError, got ${String(err)}`);
}

describe('OperatorAccountsService: what the operator does to accounts from the console', () => {
  let database: Database;
  let operator: OperatorAccountsService;
  let sessionService: SessionService;

  beforeAll(async () => {
    database = await createTestDatabase();
    operator = new OperatorAccountsService(database.db);
    sessionService = new SessionService(database.db, new TextEncoder().encode('s'.repeat(48)));
  });
  afterAll(() => database.close());

  it('creates an e-mail account with a hashed password, verified only when asked, and a wallet-only account', async () => {
    const altair = await operator.createAccount({
      username: 'altair',
      email: ' Altair@Example.com ',
      password: 'eagle-star-1',
      verified: false,
    });
    expect(altair).toMatchObject({ email: 'altair@example.com', emailVerifiedAt: null, walletAddress: null });
    expect(altair.passwordHash).not.toBe('eagle-star-1');
    expect(await verifyPassword(altair.passwordHash!, 'eagle-star-1')).toBe(true);

    const vega = await operator.createAccount({
      username: 'vega',
      email: 'vega@example.com',
      password: 'lyra-star-1',
      verified: true,
      wallet: WALLET,
    });
    expect(vega.emailVerifiedAt).toBeInstanceOf(Date);
    expect(vega.walletAddress).toBe(WALLET.toLowerCase());

    const deneb = await operator.createAccount({
      username: 'deneb',
      wallet: '0x00000000000000000000000000000000000000aa',
    });
    expect(deneb).toMatchObject({ email: null, passwordHash: null, emailVerifiedAt: null });
  });

  it('refuses a taken username, e-mail or wallet (any case) with a 409 naming it, and stores nothing', async () => {
    // Thunks, run one at a time: a promise made up front could reject before anyone awaits it.
    const taken = [
      () => operator.createAccount({
        username: 'ALTAIR',
        email: 'new@example.com',
        password: 'eagle-star-1',
        verified: false,
      }),
      () => operator.createAccount({
        username: 'newcomer',
        email: 'VEGA@example.com',
        password: 'lyra-star-1',
        verified: false,
      }),
      () => operator.createAccount({ username: 'newcomer', wallet: WALLET.toUpperCase().replace('0X', '0x') }),
    ];
    const errors = [];
    for (const attempt of taken) errors.push(await refusal(attempt));
    expect(errors.map((e) => [e.code, e.status, e.message])).toEqual([
      ['USERNAME_TAKEN', 409, 'The username "ALTAIR" is already taken.'],
      ['EMAIL_TAKEN', 409, 'The e-mail vega@example.com is already used by another account.'],
      ['WALLET_TAKEN', 409, `The wallet ${WALLET.toLowerCase()} is already linked to another account.`],
    ]);
    expect((await operator.listUsers(50)).total).toBe(3);
  });

  it('activates by username or e-mail once; refuses an unknown login and an account without an e-mail', async () => {
    expect(await operator.activate('ALTAIR')).toMatchObject({ already: false, user: { username: 'altair' } });
    const [row] = await database.db.select().from(users).where(eq(users.username, 'altair'));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await operator.activate('altair@example.com')).toMatchObject({ already: true });

    expect(await refusal(() => operator.activate('nobody'))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'No user has the e-mail or username "nobody".',
    });
    expect(await refusal(() => operator.activate('deneb'))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'deneb has no e-mail to verify (a wallet-only account links one first).',
    });
  });

  it('ends every session of the user, counting only those that were still live', async () => {
    const [vega] = await database.db.select().from(users).where(eq(users.username, 'vega'));
    const [altair] = await database.db.select().from(users).where(eq(users.username, 'altair'));
    const live = await sessionService.start(vega!.id, true);
    await sessionService.start(vega!.id, false);
    await insertSession(database.db, { userId: vega!.id, remember: false, expiresAt: new Date(Date.now() - 60_000) });
    const other = await sessionService.start(altair!.id, true);

    expect(await operator.endSessions('vega@example.com')).toMatchObject({ ended: 2, user: { username: 'vega' } });
    await expect(sessionService.authenticate(`Bearer ${live.access_token}`)).rejects.toMatchObject({ status: 401 });
    const rows = await database.db.select().from(sessions).where(eq(sessions.userId, vega!.id));
    expect(rows.map((s) => s.revokedReason)).toEqual(['operator', 'operator', 'operator']);
    // Another user's session is not touched.
    await expect(sessionService.authenticate(`Bearer ${other.access_token}`)).resolves.toBeDefined();
    expect((await operator.endSessions('vega')).ended).toBe(0);
  });

  it('lists users newest first with the total, and whether each is active', async () => {
    const all = await operator.listUsers(50);
    expect(all.total).toBe(3);
    expect(all.users.map((u) => [u.username, u.active])).toEqual([
      ['deneb', false],
      ['vega', true],
      ['altair', true],
    ]);
    expect(all.users[0]).toMatchObject({ email: null, wallet: '0x00000000000000000000000000000000000000aa' });
    expect(all.users[0]!.createdAt).toBeInstanceOf(Date);
    const first = await operator.listUsers(1);
    expect(first).toMatchObject({ total: 3, users: [{ username: 'deneb' }] });
  });
});
