import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { EmailSchema, PasswordSchema, UsernameSchema, type DiscountTier } from '@starport/schemas';
import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { sessions, settings, users } from '../db/schema/index.ts';
import { AppError } from '../lib/app-error.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { hashPassword } from '../lib/passwords.ts';
import * as accounts from '../modules/accounts/accounts.repo.ts';
import { parseTierList, readDiscountTiers, writeDiscountTiers } from '../modules/cart/index.ts';
import { ordersForReview, resolveReview } from '../modules/orders/orders-review.ts';
import * as site from '../modules/site/settings.service.ts';
import { isProcessAlive } from '../lib/process-alive.ts';

export const USAGE = `Usage: npm run admin -- <command> [options]

Commands:
  create-user --username U --email E --password P [--active] [--wallet 0xADDR]
      An account with an e-mail and a password. The password may come from the
      environment variable ADMIN_PASSWORD instead, to keep it out of shell history.
      --active marks the e-mail verified, so the user can sign in at once.
  create-user --username U --wallet 0xADDR
      A wallet-only account (no e-mail, no password); the player links an e-mail later.
  activate <e-mail or username>         mark the user's e-mail verified
  revoke-sessions <e-mail or username>  sign the user out everywhere
  list-users [--limit N]                newest first, 50 unless told
  set-sale-program 0|1                  0 closes buying, 1 opens it
  set-home-version 1|2                  1 landing page, 2 marketplace
  set-terms --file PATH | set-terms -   store the terms HTML (cleaned) from a file or stdin
  set-discounts "3:5,5:10,10:15"        volume-discount tiers, items:percent ("" for none)
  show-settings                         print the operator settings
  orders-review [--limit N]             orders with a payment we could not accept as it
                                        came (late, wrong amount), oldest first, and why
  resolve-review <order code> --note "what was done"
                                        clear the order's review flag, keeping the note

  -h, --help                            print this help

Database: DATABASE_URL when set, else the embedded database in DATA_DIR (./data).
The embedded database is one process's: stop Starport before running a command.
Exit codes: 0 done, 1 failed, 2 bad usage.
`;

/** A failure to show the operator as is: exit code 2 for bad usage, 1 for everything else. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
const usageError = (message: string) => new CliError(message, 2);

export type CreateUserInput = {
  username: string;
  email?: string;
  password?: string;
  active?: boolean;
  wallet?: string;
};
export type TermsSource = { file: string } | 'stdin';
export type Command =
  | { name: 'help' }
  | { name: 'create-user'; input: CreateUserInput }
  | { name: 'activate'; login: string }
  | { name: 'revoke-sessions'; login: string }
  | { name: 'list-users'; limit: number }
  | { name: 'set-sale-program'; value: number }
  | { name: 'set-home-version'; value: number }
  | { name: 'set-terms'; source: TermsSource }
  | { name: 'set-discounts'; tiers: string }
  | { name: 'show-settings' }
  | { name: 'orders-review'; limit: number }
  | { name: 'resolve-review'; code: string; note: string };

type Spec = { options?: NonNullable<ParseArgsConfig['options']>; positionals?: string };
const SPECS: Record<Exclude<Command['name'], 'help'>, Spec> = {
  'create-user': {
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      active: { type: 'boolean' },
      wallet: { type: 'string' },
    },
  },
  activate: { positionals: '<e-mail or username>' },
  'revoke-sessions': { positionals: '<e-mail or username>' },
  'list-users': { options: { limit: { type: 'string' } } },
  'set-sale-program': { positionals: '0|1' },
  'set-home-version': { positionals: '1|2' },
  'set-terms': { options: { file: { type: 'string' } } },
  'set-discounts': { positionals: '"items:percent,…"' },
  'show-settings': {},
  'orders-review': { options: { limit: { type: 'string' } } },
  'resolve-review': { options: { note: { type: 'string' } }, positionals: '<order code>' },
};

/** Turns argv (after the script name) into a command; throws CliError(2) on bad usage. */
export function parseCommand(argv: readonly string[], env: Record<string, string | undefined> = {}): Command {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '-h' || name === '--help') return { name: 'help' };
  if (!Object.hasOwn(SPECS, name)) throw usageError(`Unknown command "${name}".`);
  const spec = SPECS[name as keyof typeof SPECS];
  let parsed;
  try {
    parsed = parseArgs({
      args: [...rest],
      options: { ...spec.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw usageError(`${name}: ${(err as Error).message.split('. To specify')[0]}`);
  }
  const { positionals } = parsed;
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) return { name: 'help' };
  const str = (key: string) => values[key] as string | undefined;
  const one = () => {
    if (name === 'set-terms' ? positionals.length > 1 : positionals.length !== 1) {
      throw usageError(`${name} takes ${spec.positionals ?? 'no arguments'}.`);
    }
    return positionals[0] ?? '';
  };
  const none = () => {
    if (positionals.length) throw usageError(`${name}: unexpected argument "${positionals[0]}".`);
  };

  switch (name) {
    case 'create-user': {
      none();
      const username = str('username');
      if (!username) throw usageError('create-user needs --username.');
      return {
        name,
        input: {
          username,
          email: str('email'),
          password: str('password') ?? (str('email') ? env.ADMIN_PASSWORD || undefined : undefined),
          active: Boolean(values.active),
          wallet: str('wallet'),
        },
      };
    }
    case 'activate':
    case 'revoke-sessions':
      return { name, login: one() };
    case 'list-users':
    case 'orders-review': {
      none();
      const raw = str('limit') ?? '50';
      const limit = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!(limit >= 1 && limit <= 10_000)) throw usageError('--limit is a whole number from 1 to 10000.');
      return { name, limit };
    }
    case 'resolve-review': {
      const code = one().trim().toUpperCase();
      if (!/^SP-[0-9A-Z]{10}$/.test(code)) throw usageError(`resolve-review: "${code}" is not an order code (SP-…).`);
      const note = str('note')?.trim() ?? '';
      if (!note) throw usageError('resolve-review needs --note "what was done" (refunded, honoured, …).');
      if (note.length > 500) throw usageError('--note: at most 500 characters.');
      return { name, code, note };
    }
    case 'set-sale-program':
    case 'set-home-version': {
      const raw = one();
      const allowed = name === 'set-sale-program' ? ['0', '1'] : ['1', '2'];
      if (!allowed.includes(raw)) throw usageError(`${name} takes ${spec.positionals}, not "${raw}".`);
      return { name, value: Number(raw) };
    }
    case 'set-terms': {
      const file = str('file');
      const positional = one();
      if ((file === undefined) === (positional === ''))
        throw usageError('set-terms takes either --file PATH or - (read stdin).');
      if (positional && positional !== '-') throw usageError(`set-terms: unexpected argument "${positional}".`);
      return { name, source: file === undefined || file === '-' ? 'stdin' : { file } };
    }
    case 'set-discounts':
      return { name, tiers: one() };
    default:
      none();
      return { name: 'show-settings' };
  }
}

function validate<T>(schema: z.ZodType<T>, value: string, flag: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw usageError(`${flag}: ${result.error.issues[0]?.message ?? 'invalid value.'}`);
  return result.data;
}

/** Service errors (AppError) are messages for a person; give them to the operator. */
async function asCli<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw new CliError(err.message);
    throw err;
  }
}

export type UserRow = accounts.UserRow;

export async function createUser(db: Db, input: CreateUserInput): Promise<UserRow> {
  const username = validate(UsernameSchema, input.username, '--username');
  const email = input.email === undefined ? undefined : validate(EmailSchema, input.email, '--email');
  const wallet = input.wallet === undefined ? undefined : validateWallet(input.wallet);
  if (email === undefined && wallet === undefined)
    throw usageError('create-user needs --email (with a password) or --wallet.');
  if (email === undefined && input.password !== undefined)
    throw usageError('--password needs --email: a password signs in together with an e-mail.');
  if (email === undefined && input.active) throw usageError('--active needs --email: activation verifies the e-mail.');
  if (email !== undefined && input.password === undefined)
    throw usageError('--email needs a password: --password P, or the ADMIN_PASSWORD environment variable.');
  const password = input.password === undefined ? undefined : validate(PasswordSchema, input.password, '--password');

  if (await accounts.usernameExists(db, username)) throw new CliError(`The username "${username}" is already taken.`);
  if (email !== undefined && (await accounts.findUserByEmail(db, email)))
    throw new CliError(`The e-mail ${email} is already used by another account.`);
  if (wallet !== undefined && (await findUserByWallet(db, wallet)))
    throw new CliError(`The wallet ${wallet} is already linked to another account.`);
  try {
    return await accounts.insertUser(db, {
      username,
      email: email ?? null,
      passwordHash: password === undefined ? null : await hashPassword(password),
      emailVerifiedAt: input.active ? new Date() : null,
      walletAddress: wallet ?? null,
    });
  } catch (err) {
    // Someone took it between the check and the insert (a sign-up on the running site).
    if (isUniqueViolation(err, 'users_username_lower_key'))
      throw new CliError(`The username "${username}" is already taken.`);
    if (isUniqueViolation(err, 'users_email_key'))
      throw new CliError(`The e-mail ${email} is already used by another account.`);
    if (isUniqueViolation(err, 'users_wallet_address_key'))
      throw new CliError(`The wallet ${wallet} is already linked to another account.`);
    throw err;
  }
}

function validateWallet(value: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value.trim()))
    throw usageError('--wallet: expected an address, 0x and 40 hex digits.');
  return value.trim().toLowerCase();
}

async function findUserByWallet(db: Db, wallet: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.walletAddress, wallet));
  return row;
}

async function requireUser(db: Db, login: string): Promise<UserRow> {
  const user = await accounts.findUserByLogin(db, login);
  if (!user) throw new CliError(`No user has the e-mail or username "${login}".`);
  return user;
}

/** Marks the e-mail verified; `already` when it was. */
export async function activateUser(db: Db, login: string): Promise<{ user: UserRow; already: boolean }> {
  const user = await requireUser(db, login);
  if (!user.email)
    throw new CliError(`${user.username} has no e-mail to verify (a wallet-only account links one first).`);
  if (user.emailVerifiedAt) return { user, already: true };
  const emailVerifiedAt = new Date();
  await accounts.updateUser(db, user.id, { emailVerifiedAt });
  return { user: { ...user, emailVerifiedAt }, already: false };
}

/** Revokes every session: refresh tokens die with them and access tokens fail their session check. */
export async function revokeSessions(db: Db, login: string): Promise<{ user: UserRow; ended: number }> {
  const user = await requireUser(db, login);
  const ended = await db.transaction(async (tx) => {
    const [live] = await tx
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
    await accounts.revokeUserSessions(tx, user.id, 'operator');
    return live?.n ?? 0;
  });
  return { user, ended };
}

export type UserSummary = {
  username: string;
  email: string | null;
  active: boolean;
  wallet: string | null;
  createdAt: Date;
};

export async function listUsers(db: Db, limit = 50): Promise<{ users: UserSummary[]; total: number }> {
  const rows = await db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)).limit(limit);
  const [total] = await db.select({ n: count() }).from(users);
  return {
    users: rows.map((u) => ({
      username: u.username,
      email: u.email,
      active: Boolean(u.email && u.emailVerifiedAt),
      wallet: u.walletAddress,
      createdAt: u.createdAt,
    })),
    total: total?.n ?? 0,
  };
}

export const changeSaleProgram = (db: Db, value: number) => asCli(() => site.setSaleProgram(db, value));
export const changeHomeVersion = (db: Db, value: number) => asCli(() => site.setHomeVersion(db, value));

/** Stores the cleaned HTML; returns how many characters came in and how many were kept. */
export async function storeTerms(db: Db, html: string): Promise<{ received: number; stored: number }> {
  const clean = await asCli(() => site.setTermsHtml(db, html));
  return { received: html.length, stored: clean.length };
}

export type SettingsView = {
  saleProgram: number;
  homeVersion: number;
  termsCharacters: number;
  discounts: DiscountTier[];
  updated: Record<string, Date>;
};

export async function readSettings(db: Db): Promise<SettingsView> {
  const rows = await db.select({ key: settings.key, updatedAt: settings.updatedAt }).from(settings);
  return {
    saleProgram: await site.getSaleProgram(db),
    homeVersion: await site.getHomeVersion(db),
    termsCharacters: (await site.getTermsHtml(db)).length,
    discounts: await readDiscountTiers(db),
    updated: Object.fromEntries(rows.map((r) => [r.key, r.updatedAt])),
  };
}

export type Io = {
  out(line: string): void;
  err(line: string): void;
  readFile(path: string): Promise<string>;
  readStdin(): Promise<string>;
};

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')}Z`;

/** Runs a parsed command and prints its outcome; failures throw CliError. */
export async function runCommand(db: Db, cmd: Command, io: Io): Promise<void> {
  switch (cmd.name) {
    case 'help':
      return io.out(USAGE.trimEnd());
    case 'create-user': {
      const u = await createUser(db, cmd.input);
      const facts = [
        u.email ? `e-mail ${u.email}` : 'no e-mail',
        u.walletAddress ? `wallet ${u.walletAddress}` : null,
        u.email ? (u.emailVerifiedAt ? 'active' : 'not active') : null,
      ];
      io.out(`Created user ${u.username} (${facts.filter(Boolean).join(', ')}), id ${u.id}.`);
      if (u.email && !u.emailVerifiedAt)
        io.out(`Sign-in is refused until the e-mail is verified: npm run admin -- activate ${u.username}`);
      return;
    }
    case 'activate': {
      const { user, already } = await activateUser(db, cmd.login);
      return io.out(
        already
          ? `${user.username} (${user.email}) was already active.`
          : `Activated ${user.username} (${user.email}).`,
      );
    }
    case 'revoke-sessions': {
      const { user, ended } = await revokeSessions(db, cmd.login);
      return io.out(`Signed ${user.username} out everywhere: ${ended} live session${ended === 1 ? '' : 's'} ended.`);
    }
    case 'list-users': {
      const { users: rows, total } = await listUsers(db, cmd.limit);
      const table = [['username', 'e-mail', 'active', 'wallet', 'created']].concat(
        rows.map((u) => [u.username, u.email ?? '-', u.active ? 'yes' : 'no', u.wallet ?? '-', when(u.createdAt)]),
      );
      const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
      for (const r of table)
        io.out(
          r
            .map((c, i) => c.padEnd(widths[i]!))
            .join('  ')
            .trimEnd(),
        );
      return io.out(`${rows.length} of ${total} user${total === 1 ? '' : 's'}`);
    }
    case 'set-sale-program':
      await changeSaleProgram(db, cmd.value);
      return io.out(`sale_program is now ${cmd.value} (buying ${cmd.value === 1 ? 'open' : 'closed'}).`);
    case 'set-home-version':
      await changeHomeVersion(db, cmd.value);
      return io.out(`home_version is now ${cmd.value} (${cmd.value === 1 ? 'landing page' : 'marketplace'}).`);
    case 'set-terms': {
      const html = cmd.source === 'stdin' ? await io.readStdin() : await readTermsFile(io, cmd.source.file);
      const { received, stored } = await storeTerms(db, html);
      const note = stored === received ? '' : ` (${received} received; cleaning removed what the page may not show)`;
      return io.out(`Stored the terms: ${stored} characters${note}.`);
    }
    case 'show-settings': {
      const s = await readSettings(db);
      const since = (key: string) => (s.updated[key] ? `set ${when(s.updated[key])}` : 'default');
      io.out(
        `sale_program  ${s.saleProgram} (buying ${s.saleProgram === 1 ? 'open' : 'closed'}; ${since('sale_program')})`,
      );
      io.out(
        `home_version  ${s.homeVersion} (${s.homeVersion === 2 ? 'marketplace' : 'landing page'}; ${since('home_version')})`,
      );
      io.out(`terms         ${s.termsCharacters} characters (${since('tos_html')})`);
      return io.out(`discounts     ${describeTiers(s.discounts)} (${since('volume_discounts')})`);
    }
    case 'set-discounts': {
      const tiers = await Promise.resolve()
        .then(() => writeDiscountTiers(db, parseTierList(cmd.tiers)))
        .catch((err: unknown) => {
          throw err instanceof AppError ? new CliError(err.message, 2) : err;
        });
      return io.out(`Volume discounts are now: ${describeTiers(tiers)}.`);
    }
    case 'orders-review': {
      const { orders, total } = await ordersForReview(db, cmd.limit);
      for (const o of orders) {
        io.out(
          `${o.code}  ${o.status}  ${o.method}${o.provider ? ` via ${o.provider}` : ''}  ${usdOf(o.totalMicro)}  ${o.player}  since ${when(o.updatedAt)}`,
        );
        for (const r of o.reasons) io.out(`    ${when(r.at)}  ${describeReason(r)}`);
      }
      return io.out(
        total === 0 ? 'No order is waiting for review.' : `${orders.length} of ${total} waiting for review`,
      );
    }
    case 'resolve-review': {
      if (!(await resolveReview(db, cmd.code, cmd.note)))
        throw new CliError(`${cmd.code} is not waiting for review (or does not exist).`);
      return io.out(`${cmd.code}: review closed ("${cmd.note}").`);
    }
  }
}

const usdOf = (micro: bigint) => `$${(Number(micro) / 1e6).toFixed(2)}`;

function describeReason(r: { kind: string; providerEventId: string | null; payload: Record<string, unknown> }): string {
  const paid = typeof r.payload.amount_micro === 'string' ? ` paid ${usdOf(BigInt(r.payload.amount_micro))}` : '';
  const what =
    r.kind === 'payment_mismatch'
      ? `amount or currency differs from the order:${paid} ${String(r.payload.currency ?? '')}`.trimEnd()
      : `payment arrived after the order was ${String(r.payload.status ?? 'closed')}:${paid}`;
  return `${what}${r.providerEventId ? ` (event ${r.providerEventId})` : ''}`;
}

const describeTiers = (tiers: DiscountTier[]) =>
  tiers.length ? tiers.map((t) => `${t.min_items}+ items ${t.percent}% off`).join(', ') : 'none';

async function readTermsFile(io: Io, file: string): Promise<string> {
  try {
    return await io.readFile(file);
  } catch (err) {
    throw new CliError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

/**
 * PGlite is one process's database. main.ts keeps DATA_DIR/server.pid while the server runs;
 * refuse while that process lives, and hold the file ourselves meanwhile so a server started
 * during the command refuses too. Returns the release function.
 */
export function claimEmbeddedDatabase(dataDir: string): () => void {
  const pidFile = path.join(dataDir, 'server.pid');
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(pidFile, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(pidFile, 'utf8').trim());
      if (attempt > 0 || (Number.isInteger(pid) && pid > 0 && isProcessAlive(pid))) {
        throw new CliError(
          `Stop Starport first: the embedded database is in use by pid ${pid}.\n(If no Starport is running, delete ${pidFile}.)`,
        );
      }
      rmSync(pidFile, { force: true }); // left by a process that is gone
    }
  }
  return () => {
    if (existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() === String(process.pid))
      rmSync(pidFile, { force: true });
  };
}
