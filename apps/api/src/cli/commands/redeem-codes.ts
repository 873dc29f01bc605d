import { parseArgs } from 'node:util';
import type { Db } from '../../db/client.ts';
import { createCode, disableCode, listCodes, type CodeSummary, type NewCode } from '../../modules/redeem/index.ts';
import { asCli, usageError } from '../cli-error.ts';

/**
 * `redeem-codes create | list | disable`: operators make the codes players redeem at /my/redeem
 * (docs/api-redeem.md). A code is shown once, when it is created: only its hash is kept.
 */

export const REDEEM_CODES_USAGE = `  redeem-codes create (--dnc N | --ship SHIP_ID) [--uses N] [--expires YYYY-MM-DD[THH:MM]Z | --days N] [--code CODE]
      a code granting N DNC or a copy of a catalogue ship; --uses how many players
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
  if ((v.dnc === undefined) === (v.ship === undefined)) throw usageError('redeem-codes create needs --dnc N or --ship SHIP_ID (one of them).');
  if (v.expires !== undefined && v.days !== undefined) throw usageError('--expires or --days, not both.');
  const grant: NewCode['grant'] =
    v.dnc !== undefined ? { kind: 'dnc', dnc: whole(v.dnc, '--dnc', 1, 1_000_000_000)! } : { kind: 'ship', shipId: whole(v.ship, '--ship', 1, 2_147_483_647)! };
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
      const grant = cmd.code.grant.kind === 'dnc' ? `${cmd.code.grant.dnc.toLocaleString('en-US')} DNC` : `a copy of ship ${cmd.code.grant.shipId}`;
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
