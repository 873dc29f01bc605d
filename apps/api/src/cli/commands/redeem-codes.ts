import { parseArgs } from 'node:util';
import type { Db } from '../../db/client.ts';
import { REDEEM_MAX_BOXES } from '../../db/schema/index.ts';
import { createCode, disableCode, listCodes, type CodeSummary, type NewCode } from '../../modules/redeem/index.ts';
import { asCli, usageError } from '../cli-error.ts';

/**
 * `redeem-codes create | list | disable`: operators make the codes players redeem at /my/redeem
 * (docs/api-redeem.md). A code is shown once, when it is created: only its hash is kept.
 */

export const REDEEM_CODES_USAGE = `  redeem-codes create (--dnc N | --ship SHIP_ID | --box BOX_CODE [--count N]) [--uses N] [--expires YYYY-MM-DD[THH:MM]Z | --days N] [--code CODE]
      a code granting N DNC, a copy of a catalogue ship, or N (1 unless told, at most ${REDEEM_MAX_BOXES})
      catalogue blind boxes opened on redemption (e.g. --box frontier); --uses how many players
      may redeem it (1 unless told, once each); no expiry unless told; a random
      code unless --code (letters, digits, dashes). The code is printed once.
  redeem-codes list [--limit N]         newest first: hint, grant, uses, expiry, state
  redeem-codes disable <id or code>     no one can redeem it any more`;

type Sub =
  | { sub: 'create'; code: NewCode }
  | { sub: 'list'; limit: number }
  | { sub: 'disable'; which: string };

const whole = (raw: string | undefined, flag: string, min: number, max: number): number | undefined => {
  if (raw === undefined) return undefined;
  const n = /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(n >= min && n <= max)) throw usageError(`${flag} is a whole number from ${min} to ${max}.`);
  return n;
};

/** What `create` grants: exactly one of --dnc, --ship and --box (--count goes with --box only). */
function grantOf(v: { dnc?: string; ship?: string; box?: string; count?: string }): NewCode['grant'] {
  if ([v.dnc, v.ship, v.box].filter((g) => g !== undefined).length !== 1)
    throw usageError('redeem-codes create needs --dnc N, --ship SHIP_ID or --box BOX_CODE (one of them).');
  if (v.count !== undefined && v.box === undefined) throw usageError('--count goes with --box.');
  if (v.dnc !== undefined) return { kind: 'dnc', dnc: whole(v.dnc, '--dnc', 1, 1_000_000_000)! };
  if (v.ship !== undefined) return { kind: 'ship', shipId: whole(v.ship, '--ship', 1, 2_147_483_647)! };
  const boxCode = v.box!.trim();
  if (!boxCode) throw usageError('--box names a catalogue blind box by its code, e.g. frontier.');
  return { kind: 'blindbox', boxCode, count: whole(v.count, '--count', 1, REDEEM_MAX_BOXES) ?? 1 };
}

const grantText = (g: NewCode['grant']): string =>
  g.kind === 'dnc'
    ? `${g.dnc.toLocaleString('en-US')} DNC`
    : g.kind === 'ship'
      ? `a copy of ship ${g.shipId}`
      : `${g.count} blind ${g.count === 1 ? 'box' : 'boxes'} ${g.boxCode}, opened on redemption`;

/** Turns the words after `redeem-codes` into what to do; throws a usage error (exit 2) on bad flags. */
export function parseRedeemCodes(args: readonly string[], now = new Date()): Sub {
  const [sub, ...rest] = args;
  let parsed;
  try {
    parsed = parseArgs({
      args: [...rest],
      options: {
        dnc: { type: 'string' },
        ship: { type: 'string' },
        box: { type: 'string' },
        count: { type: 'string' },
        uses: { type: 'string' },
        expires: { type: 'string' },
        days: { type: 'string' },
        code: { type: 'string' },
        limit: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw usageError(`redeem-codes: ${(err as Error).message.split('. To specify')[0]}`);
  }
  const { values: v, positionals } = parsed;
  if (sub === 'list') return { sub, limit: whole(v.limit, '--limit', 1, 10_000) ?? 50 };
  if (sub === 'disable') {
    if (positionals.length !== 1) throw usageError('redeem-codes disable takes <id or code>.');
    return { sub, which: positionals[0]! };
  }
  if (sub !== 'create') throw usageError('redeem-codes takes create, list or disable.');
  if (positionals.length) throw usageError(`redeem-codes create: unexpected argument "${positionals[0]}".`);
  const grant = grantOf(v);
  if (v.expires !== undefined && v.days !== undefined) throw usageError('--expires or --days, not both.');
  const days = whole(v.days, '--days', 1, 3650);
  let expiresAt: Date | null = days === undefined ? null : new Date(now.getTime() + days * 86_400_000);
  if (v.expires !== undefined) {
    expiresAt = new Date(v.expires);
    if (!/^\d{4}-\d{2}-\d{2}/.test(v.expires) || Number.isNaN(expiresAt.getTime())) throw usageError('--expires is a date, YYYY-MM-DD or an ISO time.');
  }
  return { sub, code: { grant, uses: whole(v.uses, '--uses', 1, 1_000_000) ?? 1, expiresAt, ...(v.code === undefined ? {} : { code: v.code }) } };
}

const when = (d: Date | null) => (d ? `${d.toISOString().slice(0, 16).replace('T', ' ')}Z` : '-');

function table(codes: CodeSummary[]): string[] {
  const rows = [['id', 'code', 'grants', 'uses', 'expires', 'state']].concat(
    codes.map((c) => [
      String(c.id),
      c.hint,
      c.grant,
      `${c.uses}/${c.maxUses}`,
      when(c.expiresAt),
      c.disabledAt ? 'disabled' : c.expiresAt && c.expiresAt <= new Date() ? 'expired' : c.uses >= c.maxUses ? 'used up' : 'active',
    ]),
  );
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return [...rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()), `${codes.length} ${codes.length === 1 ? 'code' : 'codes'}`];
}

/** Runs the sub-command; returns the lines to print. */
export async function runRedeemCodes(db: Db, args: readonly string[]): Promise<string[]> {
  const cmd = parseRedeemCodes(args);
  switch (cmd.sub) {
    case 'create': {
      const { id, code } = await asCli(() => createCode(db, cmd.code), 2);
      const grant = grantText(cmd.code.grant);
      return [
        `Created redeem code ${id}: ${code}`,
        `It grants ${grant}, to ${cmd.code.uses} ${cmd.code.uses === 1 ? 'player' : 'players'} once each, ${cmd.code.expiresAt ? `until ${when(cmd.code.expiresAt)}` : 'with no expiry'}.`,
        'Keep the code now: only its hash is stored.',
      ];
    }
    case 'list':
      return table(await listCodes(db, cmd.limit));
    case 'disable': {
      const { id, already } = await asCli(() => disableCode(db, cmd.which));
      return [already ? `Redeem code ${id} was already disabled.` : `Disabled redeem code ${id}: it can no longer be redeemed.`];
    }
  }
}
