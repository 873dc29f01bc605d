import { normaliseRedeemCode } from '@starport/schemas';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.ts';
import { REDEEM_MAX_BOXES, type RedeemGrantKind } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { codeHash, codeHint, generateCode } from './code-hash.ts';

/** What operators do with codes (the admin CLI's redeem-codes): create, list, disable. */

export type NewCode = {
  /** the code to use; a fresh random one when absent */
  code?: string;
  /** DNC, a copy of a catalogue ship, or `count` catalogue blind boxes (by code) opened on redemption */
  grant: { kind: 'dnc'; dnc: number } | { kind: 'ship'; shipId: number } | { kind: 'blindbox'; boxCode: string; count: number };
  uses: number;
  expiresAt: Date | null;
};

export type CodeSummary = {
  id: number;
  hint: string;
  kind: RedeemGrantKind;
  grant: string;
  uses: number;
  maxUses: number;
  expiresAt: Date | null;
  disabledAt: Date | null;
  createdAt: Date;
};

/** An operator's own code: letters, digits and dashes, so it can be typed from paper. */
const OPERATOR_CODE = /^[A-Z0-9][A-Z0-9-]{3,63}$/;

/** Creates a code; returns it as the player will type it (shown once: only its hash is kept). */
export async function createCode(db: Db, c: NewCode): Promise<{ id: number; code: string }> {
  const code = c.code === undefined ? generateCode() : normaliseRedeemCode(c.code);
  if (!OPERATOR_CODE.test(code)) throw badRequest('A code is 4 to 64 letters, digits and dashes.');
  if (!(Number.isSafeInteger(c.uses) && c.uses >= 1)) throw badRequest('Uses is a whole number of at least 1.');
  if (c.expiresAt && c.expiresAt.getTime() <= Date.now()) throw badRequest('The expiry is in the past.');
  if (c.grant.kind === 'dnc' && !(Number.isSafeInteger(c.grant.dnc) && c.grant.dnc >= 1))
    throw badRequest('The DNC amount is a whole number of at least 1.');
  if (c.grant.kind === 'ship') {
    const [ship] = await queryRows<{ id: number }>(db, sql`SELECT id FROM ships WHERE id = ${c.grant.shipId}`);
    if (!ship) throw notFound(`There is no ship ${c.grant.shipId} in the catalogue.`);
  }
  if (c.grant.kind === 'blindbox') await checkBoxGrant(db, c.grant.boxCode, c.grant.count);
  const dnc = c.grant.kind === 'dnc' ? c.grant.dnc : null;
  const shipId = c.grant.kind === 'ship' ? c.grant.shipId : null;
  const box = c.grant.kind === 'blindbox' ? c.grant : null;
  try {
    const [row] = await queryRows<{ id: string }>(
      db,
      sql`INSERT INTO redeem_codes (code_hash, code_hint, kind, dnc_amount, ship_id, box_code, box_count, max_uses, expires_at)
          VALUES (${codeHash(code)}, ${codeHint(code)}, ${c.grant.kind}, ${dnc}::bigint, ${shipId}::int, ${box?.boxCode ?? null}::text,
                  ${box?.count ?? null}::int, ${c.uses}, ${c.expiresAt?.toISOString() ?? null}::timestamptz)
          RETURNING id::text AS id`,
    );
    return { id: Number(row!.id), code };
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', 409, 'That code exists already.');
    throw err;
  }
}

/** A box code names a catalogue blind box and opens 1 to REDEEM_MAX_BOXES of it per redemption. */
async function checkBoxGrant(db: Db, boxCode: string, count: number): Promise<void> {
  if (!(Number.isSafeInteger(count) && count >= 1 && count <= REDEEM_MAX_BOXES))
    throw badRequest(`The number of boxes is a whole number from 1 to ${REDEEM_MAX_BOXES}.`);
  const [box] = await queryRows<{ code: string }>(db, sql`SELECT code FROM blind_boxes WHERE code = ${boxCode}`);
  if (!box) throw notFound(`There is no blind box "${boxCode}" in the catalogue.`);
}

type Row = {
  id: string;
  code_hint: string;
  kind: RedeemGrantKind;
  dnc_amount: string | null;
  ship_id: number | null;
  ship_name: string | null;
  box_code: string | null;
  box_name: string | null;
  box_count: number | null;
  uses: number;
  max_uses: number;
  expires_at: Date | string | null;
  disabled_at: Date | string | null;
  created_at: Date | string;
};
const date = (d: Date | string | null) => (d === null ? null : new Date(d));

function grantOf(r: Row): string {
  if (r.kind === 'dnc') return `${Number(r.dnc_amount).toLocaleString('en-US')} DNC`;
  if (r.kind === 'ship') return `ship ${r.ship_id} ${r.ship_name ?? ''}`.trim();
  return `${r.box_count} × box ${r.box_code} ${r.box_name ?? ''}`.trim();
}

/** The newest codes first. */
export async function listCodes(db: Db, limit: number): Promise<CodeSummary[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT c.id::text AS id, c.code_hint, c.kind, c.dnc_amount::text AS dnc_amount, c.ship_id, s.name AS ship_name,
               c.box_code, b.name AS box_name, c.box_count, c.uses, c.max_uses, c.expires_at, c.disabled_at, c.created_at
        FROM redeem_codes c LEFT JOIN ships s ON s.id = c.ship_id LEFT JOIN blind_boxes b ON b.code = c.box_code
        ORDER BY c.id DESC LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    hint: r.code_hint,
    kind: r.kind,
    grant: grantOf(r),
    uses: Number(r.uses),
    maxUses: Number(r.max_uses),
    expiresAt: date(r.expires_at),
    disabledAt: date(r.disabled_at),
    createdAt: new Date(r.created_at),
  }));
}

/**
 * Disables a code by its id or the code itself; `already` when it was. A redemption that
 * already counted its use keeps what it granted.
 */
export async function disableCode(db: Db, idOrCode: string): Promise<{ id: number; already: boolean }> {
  const which = /^\d{1,15}$/.test(idOrCode.trim()) ? sql`id = ${Number(idOrCode.trim())}` : sql`code_hash = ${codeHash(idOrCode)}`;
  const [row] = await queryRows<{ id: string; already: boolean }>(
    db,
    sql`UPDATE redeem_codes SET disabled_at = coalesce(disabled_at, now()) WHERE ${which}
        RETURNING id::text AS id, disabled_at < now() AS already`,
  );
  if (!row) throw notFound('There is no such code.');
  return { id: Number(row.id), already: row.already };
}
