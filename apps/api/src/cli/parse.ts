import { parseArgs, type ParseArgsConfig } from 'node:util';
import { parseUsdToMicro } from '@starport/schemas/usd-text';
import type { GinConversionRef } from '../modules/gin/index.ts';
import { MAX_APR_BPS } from '../modules/staking/index.ts';
import { usageError } from './cli-error.ts';

/** The flags of create-user as typed; commands/users.ts checks them against the shared schemas. */
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
  | { name: 'set-penguin-rate'; value: number }
  | { name: 'set-goaland-rate'; value: number }
  | { name: 'set-referral-share'; bps: number }
  | { name: 'set-land-credit-price'; priceMicro: bigint }
  | { name: 'set-land-credit-topup'; min: number; max: number }
  | { name: 'set-ship-mint-fee'; feeMicro: bigint }
  | { name: 'show-settings' }
  | { name: 'set-apr'; bps: number }
  | { name: 'deposit-reward'; whole: bigint }
  | { name: 'show-staking' }
  | { name: 'orders-review'; limit: number }
  | { name: 'resolve-review'; code: string; note: string }
  | { name: 'gin-review'; limit: number }
  | { name: 'resolve-gin-review'; ref: GinConversionRef; outcome: 'credit' | 'fail'; note: string }
  | { name: 'redeem-codes'; args: string[] };

type Spec = { options?: NonNullable<ParseArgsConfig['options']>; positionals?: string };
const SPECS: Record<Exclude<Command['name'], 'help' | 'redeem-codes'>, Spec> = {
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
  'set-penguin-rate': { positionals: '<DNC per day>' },
  'set-goaland-rate': { positionals: '<DNC per plot>' },
  'set-referral-share': { positionals: '<basis points>' },
  'set-land-credit-price': { positionals: '<USD per credit>' },
  'set-land-credit-topup': { positionals: '<least>-<most>' },
  'set-ship-mint-fee': { positionals: '<USD>' },
  'show-settings': {},
  'set-apr': { positionals: '<percent>' },
  'deposit-reward': { positionals: '<whole reward tokens>' },
  'show-staking': {},
  'orders-review': { options: { limit: { type: 'string' } } },
  'resolve-review': { options: { note: { type: 'string' } }, positionals: '<order code>' },
  'gin-review': { options: { limit: { type: 'string' } } },
  'resolve-gin-review': {
    options: { credit: { type: 'boolean' }, fail: { type: 'boolean' }, note: { type: 'string' } },
    positionals: '<conversion id or tid>',
  },
};

/** Turns argv (after the script name) into a command; throws CliError(2) on bad usage. */
export function parseCommand(argv: readonly string[], env: Record<string, string | undefined> = {}): Command {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '-h' || name === '--help') return { name: 'help' };
  // redeem-codes has sub-commands with their own flags: commands/redeem-codes.ts reads them.
  if (name === 'redeem-codes') return { name, args: rest };
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
          // ADMIN_PASSWORD keeps the password out of shell history; a wallet-only account ignores it.
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
    case 'orders-review':
    case 'gin-review': {
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
    case 'resolve-gin-review':
      return { name, ...ginResolution(one(), values) };
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
    case 'set-penguin-rate': {
      const raw = one();
      if (!/^(0|[1-9]\d{0,6})$/.test(raw) || Number(raw) > 1_000_000)
        throw usageError(`set-penguin-rate takes whole DNC per day from 0 to 1000000, not "${raw}".`);
      return { name, value: Number(raw) };
    }
    case 'set-goaland-rate': {
      const raw = one();
      if (!/^(0|[1-9]\d{0,6})$/.test(raw) || Number(raw) > 1_000_000)
        throw usageError(`set-goaland-rate takes whole DNC per plot per day from 0 to 1000000, not "${raw}".`);
      return { name, value: Number(raw) };
    }
    case 'set-referral-share': {
      // Basis points, as the setting stores them: a percent typed here would be off by 100 silently.
      const raw = one();
      if (!/^(0|[1-9]\d{0,4})$/.test(raw) || Number(raw) > 10_000)
        throw usageError(`set-referral-share takes whole basis points from 0 to 10000 (500 = 5%), not "${raw}".`);
      return { name, bps: Number(raw) };
    }
    case 'set-land-credit-price': {
      // Whole cents: card providers charge cents, so a credit priced finer could not be paid by card.
      const raw = one();
      const micro = parseUsdToMicro(raw);
      if (typeof micro !== 'bigint' || micro <= 0n || micro % 10_000n !== 0n || micro > 10_000_000_000n)
        throw usageError(`set-land-credit-price takes USD per credit in whole cents from 0.01 to 10000, not "${raw}".`);
      return { name, priceMicro: micro };
    }
    case 'set-land-credit-topup': {
      const raw = one();
      const m = /^([1-9]\d{0,6})-([1-9]\d{0,6})$/.exec(raw);
      const [min, max] = m ? [Number(m[1]), Number(m[2])] : [NaN, NaN];
      if (!(min <= max && max <= 1_000_000))
        throw usageError(`set-land-credit-topup takes the least and most credits of one top-up, as 1-1000 (at most 1000000), not "${raw}".`);
      return { name, min, max };
    }
    case 'set-ship-mint-fee': {
      const raw = one();
      const micro = parseUsdToMicro(raw);
      if (typeof micro !== 'bigint' || micro <= 0n || micro % 10_000n !== 0n || micro > 10_000_000_000n)
        throw usageError(`set-ship-mint-fee takes the fee in USD, whole cents from 0.01 to 10000, not "${raw}".`);
      return { name, feeMicro: micro };
    }
    case 'set-apr': {
      // A percent, as the pages show it (26 = 2600 bps); the contract refuses above 1000 %.
      const raw = one();
      const m = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(raw);
      const bps = m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : NaN;
      if (!(bps <= MAX_APR_BPS)) throw usageError(`set-apr takes a percent from 0 to ${MAX_APR_BPS / 100} with at most two decimals (26 = 26%), not "${raw}".`);
      return { name, bps };
    }
    case 'deposit-reward': {
      const raw = one();
      if (!/^[1-9]\d{0,14}$/.test(raw)) throw usageError(`deposit-reward takes whole reward tokens from 1 to 999999999999999, not "${raw}".`);
      return { name, whole: BigInt(raw) };
    }
    case 'show-staking':
      none();
      return { name };
    default:
      none();
      return { name: 'show-settings' };
  }
}

/** resolve-gin-review's arguments: which conversion, credit or fail, and the note (a failure's reason shown to the player). */
function ginResolution(
  raw: string,
  values: Record<string, string | boolean | undefined>,
): { ref: GinConversionRef; outcome: 'credit' | 'fail'; note: string } {
  const text = raw.trim();
  const ref = /^[1-9]\d{0,15}$/.test(text) ? { id: Number(text) } : /^gc_[\w-]{24}$/.test(text) ? { tid: text } : null;
  if (!ref) throw usageError(`resolve-gin-review: "${text}" is neither a conversion id (gin-review lists them) nor a tid (gc_…).`);
  if (Boolean(values.credit) === Boolean(values.fail)) throw usageError('resolve-gin-review takes exactly one of --credit and --fail.');
  const note = typeof values.note === 'string' ? values.note.trim() : '';
  if (!note)
    throw usageError('resolve-gin-review needs --note "…": what you checked (with --fail, the reason the player reads).');
  if (note.length > 500) throw usageError('--note: at most 500 characters.');
  return { ref, outcome: values.credit ? 'credit' : 'fail', note };
}
