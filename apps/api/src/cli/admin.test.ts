// Over 300 lines: every operator command through the real CLI process, which shares one database and one spawn helper.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { SessionService } from '../modules/accounts/index.ts';
import { getHomeVersion, getSaleProgram, getTermsHtml } from '../modules/site/index.ts';
import { CliError } from './cli-error.ts';
import { activateUser, createUser, listUsers, revokeSessions } from './commands/users.ts';
import { claimEmbeddedDatabase } from './embedded-database-lock.ts';
import type { Io } from './io.ts';
import { parseCommand } from './parse.ts';
import { runCommand } from './run-command.ts';

const WALLET = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';

/** Resolves to the CliError a call fails with (and fails the test when it does not). */
async function failure(work: () => unknown): Promise<CliError> {
  try {
    await work();
  } catch (err) {
    if (err instanceof CliError) return err;
    throw err;
  }
  throw new Error('expected a CliError');
}

function captureIo(files: Record<string, string> = {}, stdin = ''): Io & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    out: (l) => void lines.push(l),
    err: (l) => void lines.push(l),
    readFile: async (f) => {
      if (!(f in files)) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
      return files[f]!;
    },
    readStdin: async () => stdin,
  };
}

describe('parseCommand', () => {
  it('answers help for no command, help and --help anywhere', () => {
    for (const argv of [[], ['help'], ['--help'], ['-h'], ['create-user', '--help'], ['list-users', '-h']]) {
      expect(parseCommand(argv)).toEqual({ name: 'help' });
    }
  });

  it('rejects an unknown command, an unknown flag, a flag without its value and stray arguments with exit code 2', async () => {
    for (const argv of [
      ['make-coffee'],
      ['create-user', '--username', 'a', '--colour', 'red'],
      ['create-user', '--username'],
      ['create-user', '--username', 'abc', 'extra'],
      ['list-users', '--limit', '0'],
      ['list-users', '--limit', 'ten'],
      ['set-sale-program', '2'],
      ['set-sale-program'],
      ['set-home-version', '0'],
      ['activate'],
      ['activate', 'a', 'b'],
      ['set-terms'],
      ['set-terms', '--file', 'a.html', '-'],
      ['show-settings', 'now'],
    ]) {
      expect((await failure(() => parseCommand(argv))).exitCode, argv.join(' ')).toBe(2);
    }
    expect((await failure(() => parseCommand(['make-coffee']))).message).toBe('Unknown command "make-coffee".');
  });

  it('takes the password from ADMIN_PASSWORD when --password is absent', () => {
    const env = { ADMIN_PASSWORD: 'from-the-env-123' };
    expect(parseCommand(['create-user', '--username', 'ava', '--email', 'ava@example.com'], env)).toMatchObject({
      input: { password: 'from-the-env-123' },
    });
    expect(
      parseCommand(['create-user', '--username', 'ava', '--email', 'a@b.co', '--password', 'on-the-line-1'], env),
    ).toMatchObject({
      input: { password: 'on-the-line-1' },
    });
    // A wallet-only account ignores a password left in the environment.
    expect(parseCommand(['create-user', '--username', 'ava', '--wallet', WALLET], env)).toMatchObject({
      input: { password: undefined },
    });
  });

  it('reads terms from a file or from stdin', () => {
    expect(parseCommand(['set-terms', '--file', 'terms.html'])).toEqual({
      name: 'set-terms',
      source: { file: 'terms.html' },
    });
    expect(parseCommand(['set-terms', '-'])).toEqual({ name: 'set-terms', source: 'stdin' });
  });
});

describe('commands against the database', () => {
  let database: Database;
  let db: Database['db'];
  const run = async (argv: string[], io = captureIo()) => {
    await runCommand(db, parseCommand(argv), io);
    return io.lines.join('\n');
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
  });
  afterAll(() => database.close());

  it('creates an account with a hashed password, inactive unless --active', async () => {
    const out = await run([
      'create-user',
      '--username',
      'Vega',
      '--email',
      ' Vega@Example.COM ',
      '--password',
      'correct-horse-9',
    ]);
    expect(out).toContain('Created user Vega (e-mail vega@example.com, not active)');
    expect(out).toContain('activate Vega');
    const [row] = await db.select().from(users).where(eq(users.username, 'Vega'));
    expect(row?.email).toBe('vega@example.com');
    expect(row?.emailVerifiedAt).toBeNull();
    expect(await verifyPassword(row!.passwordHash!, 'correct-horse-9')).toBe(true);

    const active = await createUser(db, {
      username: 'rigel',
      email: 'rigel@example.com',
      password: 'correct-horse-9',
      active: true,
      wallet: WALLET,
    });
    expect(active.emailVerifiedAt).toBeInstanceOf(Date);
    expect(active.walletAddress).toBe(WALLET.toLowerCase());
  });

  it('refuses a taken username, e-mail or wallet with exit code 1', async () => {
    const taken = [
      { username: 'VEGA', email: 'other@example.com', password: 'correct-horse-9' },
      { username: 'other', email: 'VEGA@example.com', password: 'correct-horse-9' },
      { username: 'other', wallet: WALLET.toUpperCase().replace('0X', '0x') },
    ];
    const messages = [];
    for (const input of taken) {
      const err = await failure(() => createUser(db, input));
      expect(err.exitCode).toBe(1);
      messages.push(err.message);
    }
    expect(messages).toEqual([
      'The username "VEGA" is already taken.',
      'The e-mail vega@example.com is already used by another account.',
      `The wallet ${WALLET.toLowerCase()} is already linked to another account.`,
    ]);
    expect((await listUsers(db)).total).toBe(2);
  });

  it('validates with the shared schemas and refuses incomplete combinations with exit code 2', async () => {
    const bad = [
      { username: 'no', email: 'no@example.com', password: 'correct-horse-9' },
      { username: 'has space', email: 'x@example.com', password: 'correct-horse-9' },
      { username: 'valid', email: 'not-an-email', password: 'correct-horse-9' },
      { username: 'valid', email: 'x@example.com', password: 'short' },
      { username: 'valid', email: 'x@example.com' },
      { username: 'valid' },
      { username: 'valid', wallet: '0x1234' },
      { username: 'valid', wallet: '0xAbCdEf0123456789abcdef0123456789ABCDEF02', password: 'correct-horse-9' },
      { username: 'valid', wallet: '0xAbCdEf0123456789abcdef0123456789ABCDEF02', active: true },
    ];
    for (const input of bad)
      expect((await failure(() => createUser(db, input))).exitCode, JSON.stringify(input)).toBe(2);
    expect((await failure(() => createUser(db, bad[3]!))).message).toBe(
      '--password: Password must be at least 8 characters.',
    );
    expect((await listUsers(db)).total).toBe(2);
  });

  it('creates a wallet-only account without e-mail or password', async () => {
    const out = await run([
      'create-user',
      '--username',
      'deneb',
      '--wallet',
      '0x00000000000000000000000000000000000000aa',
    ]);
    expect(out).toContain('Created user deneb (no e-mail, wallet 0x00000000000000000000000000000000000000aa)');
    const [row] = await db.select().from(users).where(eq(users.username, 'deneb'));
    expect(row).toMatchObject({ email: null, passwordHash: null, emailVerifiedAt: null });
  });

  it('activates by username or e-mail, once', async () => {
    expect(await run(['activate', 'vega'])).toBe('Activated Vega (vega@example.com).');
    expect(await run(['activate', 'VEGA@example.com'])).toBe('Vega (vega@example.com) was already active.');
    const [row] = await db.select().from(users).where(eq(users.username, 'Vega'));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await failure(() => activateUser(db, 'nobody'))).message).toBe(
      'No user has the e-mail or username "nobody".',
    );
    expect((await failure(() => activateUser(db, 'deneb'))).message).toContain('has no e-mail');
  });

  it('lists users newest first, honouring --limit', async () => {
    const out = await run(['list-users']);
    const lines = out.split('\n');
    expect(lines[0]).toMatch(/^username\s+e-mail\s+active\s+wallet\s+created$/);
    expect(lines[1]).toMatch(/^deneb\s+-\s+no\s+0x0+aa\s+\d{4}-\d\d-\d\d \d\d:\d\dZ$/);
    expect(lines.at(-1)).toBe('3 of 3 users');
    expect(out).toMatch(/Vega\s+vega@example\.com\s+yes\s+-/);
    const limited = await run(['list-users', '--limit', '1']);
    expect(limited.split('\n')).toHaveLength(3);
    expect(limited).toContain('1 of 3 users');
  });

  it('signs a user out everywhere: access and refresh tokens stop working', async () => {
    const [vega] = await db.select().from(users).where(eq(users.username, 'Vega'));
    const sessions = new SessionService(db, new TextEncoder().encode('x'.repeat(48)));
    const a = await sessions.start(vega!.id, true);
    const b = await sessions.start(vega!.id, false);
    await expect(sessions.authenticate(`Bearer ${a.access_token}`)).resolves.toMatchObject({ userId: vega!.id });

    expect(await run(['revoke-sessions', 'vega@example.com'])).toBe(
      'Signed Vega out everywhere: 2 live sessions ended.',
    );
    await expect(sessions.authenticate(`Bearer ${a.access_token}`)).rejects.toMatchObject({ status: 401 });
    await expect(sessions.refresh(b.refresh_token)).rejects.toMatchObject({ status: 401 });
    expect((await revokeSessions(db, 'vega')).ended).toBe(0);
  });

  it('sets sale_program and home_version through the settings service', async () => {
    expect(await run(['set-sale-program', '1'])).toBe('sale_program is now 1 (buying open).');
    expect(await getSaleProgram(db)).toBe(1);
    expect(await run(['set-sale-program', '0'])).toBe('sale_program is now 0 (buying closed).');
    expect(await getSaleProgram(db)).toBe(0);
    expect(await run(['set-home-version', '2'])).toBe('home_version is now 2 (marketplace).');
    expect(await getHomeVersion(db)).toBe(2);
  });

  it('stores cleaned terms from a file or stdin and says how many characters were kept', async () => {
    const html = '<h1>Terms</h1><p onclick="steal()">Be kind.</p><script>alert(1)</script>';
    const out = await run(['set-terms', '--file', 'terms.html'], captureIo({ 'terms.html': html }));
    const stored = await getTermsHtml(db);
    expect(stored).toBe('<h1>Terms</h1><p>Be kind.</p>');
    expect(out).toBe(
      `Stored the terms: ${stored.length} characters (${html.length} received; cleaning removed what the page may not show).`,
    );

    expect(await run(['set-terms', '-'], captureIo({}, '<p>Plain.</p>'))).toBe('Stored the terms: 13 characters.');
    expect(await getTermsHtml(db)).toBe('<p>Plain.</p>');

    const empty = await failure(() => run(['set-terms', '-'], captureIo({}, '<script>only()</script>')));
    expect(empty).toMatchObject({ exitCode: 1, message: 'The terms text is empty after cleaning.' });
    const missing = await failure(() => run(['set-terms', '--file', 'nope.html']));
    expect(missing.message).toBe('Cannot read nope.html: ENOENT');
    expect(await getTermsHtml(db)).toBe('<p>Plain.</p>');
  });

  it('shows the settings', async () => {
    const out = await run(['show-settings']);
    expect(out).toMatch(/^sale_program {2}0 \(buying closed; set \d{4}-.+Z\)$/m);
    expect(out).toMatch(/^home_version {2}2 \(marketplace; set .+\)$/m);
    expect(out).toMatch(/^terms {9}13 characters \(set .+\)$/m);
    expect(out).toMatch(/^discounts {5}3\+ items 5% off, 5\+ items 10% off, 10\+ items 15% off \(default\)$/m);
    expect(out).toMatch(/^penguin_rate {2}100 DNC a day before the boost \(default\)$/m);
  });

  it('sets the penguin rate and refuses what is not whole DNC', async () => {
    expect(await run(['set-penguin-rate', '40'])).toBe('A ship on a penguin now earns 40 DNC a day before the rarity boost.');
    expect(await run(['show-settings'])).toMatch(/^penguin_rate {2}40 DNC a day before the boost \(set .+\)$/m);
    for (const bad of ['-1', '1.5', 'ten', '1000001'])
      expect((await failure(() => run(['set-penguin-rate', bad]))).exitCode, bad).toBe(2);
    await run(['set-penguin-rate', '100']);
  });

  it('sets the GOALAND rate and refuses what is not whole DNC', async () => {
    expect(await run(['show-settings'])).toMatch(/^goaland_rate {2}10 DNC per plot per day \(default\)$/m);
    expect(await run(['set-goaland-rate', '25'])).toBe('Every GOALAND plot now earns 25 DNC per full day.');
    expect(await run(['show-settings'])).toMatch(/^goaland_rate {2}25 DNC per plot per day \(set .+\)$/m);
    for (const bad of ['-1', '1.5', 'ten', '1000001'])
      expect((await failure(() => run(['set-goaland-rate', bad]))).exitCode, bad).toBe(2);
    await run(['set-goaland-rate', '10']);
  });

  it('sets the volume-discount tiers, refuses nonsense without changing them, and clears them', async () => {
    expect(await run(['set-discounts', '2:5, 4:12.5'])).toBe('Volume discounts are now: 2+ items 5% off, 4+ items 12.5% off.');
    const bad = await failure(() => run(['set-discounts', '2:5,4:3']));
    expect(bad).toMatchObject({ exitCode: 2, message: 'The tier from 4 items must give more than 5% off.' });
    expect((await failure(() => run(['set-discounts', 'five:5']))).message).toBe('"five:5" is not items:percent (for example 3:5).');
    expect(await run(['show-settings'])).toMatch(/^discounts {5}2\+ items 5% off, 4\+ items 12\.5% off \(set .+\)$/m);
    expect(await run(['set-discounts', ''])).toBe('Volume discounts are now: none.');
  });
});

describe('the embedded database lock', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'starport-cli-lock-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pidFile = () => path.join(dir, 'server.pid');

  it('refuses while the pid in server.pid is alive', async () => {
    writeFileSync(pidFile(), String(process.ppid));
    const err = await failure(() => claimEmbeddedDatabase(dir));
    expect(err.message).toContain(`Stop Starport first: the embedded database is in use by pid ${process.ppid}`);
    expect(readFileSync(pidFile(), 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a file left by a dead process, holds it, and removes it on release', () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(pidFile(), String(gone));
    const release = claimEmbeddedDatabase(dir);
    expect(readFileSync(pidFile(), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(pidFile())).toBe(false);
  });
});

describe('the real CLI', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  let dataDir: string;
  let pg: (Database & { url?: string }) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'starport-cli-'));
    // Against PostgreSQL the CLI gets a database of its own, never the shared one.
    if (process.env.DATABASE_URL) pg = await createTestDatabase();
  });
  afterAll(async () => {
    await pg?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function cli(args: string[], extraEnv: Record<string, string> = {}) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', ...extraEnv };
    delete env.DATABASE_URL;
    if (pg?.url) env.DATABASE_URL = pg.url;
    return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/admin.ts', ...args], {
        cwd: root,
        env,
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  it('creates a user, then lists it', async () => {
    const created = await cli(['create-user', '--username', 'orion', '--email', 'orion@example.com', '--active'], {
      ADMIN_PASSWORD: 'belt-of-three-stars',
    });
    expect(created.stderr).not.toMatch(/error/i);
    expect(created.code).toBe(0);
    expect(created.stdout).toContain('Created user orion (e-mail orion@example.com, active)');

    const listed = await cli(['list-users']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/orion\s+orion@example\.com\s+yes\s+-\s+\d{4}-/);
    expect(listed.stdout).toContain('1 of 1 user');
    if (!pg) expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

    const again = await cli(['create-user', '--username', 'Orion', '--wallet', WALLET]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The username "Orion" is already taken.');
  }, 90_000);

  it('exits 2 on an unknown command or a bad flag, 0 on --help', async () => {
    const unknown = await cli(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "frobnicate".');
    const badFlag = await cli(['list-users', '--verbose']);
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain("Unknown option '--verbose'");
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run admin -- <command> [options]');
  }, 60_000);

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'refuses while a server holds the embedded database',
    async () => {
      writeFileSync(path.join(dataDir, 'server.pid'), String(process.ppid));
      const res = await cli(['list-users']);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`Stop Starport first: the embedded database is in use by pid ${process.ppid}`);
      rmSync(path.join(dataDir, 'server.pid'));
    },
    60_000,
  );
});
