import { CURSOR_MESSAGE, HISTORY_KINDS, type HistoryKind } from '@starport/schemas';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../app-error.ts';

/**
 * The player's activity, one kind per owning area (decision 0042). Every area answers the same
 * question — "the player's entries older than this cursor, newest first, at most n" — and the
 * history module merges the answers. The order is (time, kind, id), all descending, with time
 * cut to the millisecond so that the cursor (a JavaScript date) compares exactly with the rows.
 */

export type ActivityEntry = {
  kind: HistoryKind;
  id: number;
  at: Date;
  title: string;
  detail: string | null;
  direction: 'in' | 'out';
  usdMicro: bigint | null;
  dnc: number | null;
  link: string;
};

export type ActivityCursor = { at: Date; kind: HistoryKind; id: number };
export type ActivityPage = { before: ActivityCursor | null; limit: number };
export type ActivitySource = (db: DbOrTx, userId: string, page: ActivityPage) => Promise<ActivityEntry[]>;

/** The time a row sorts by: its timestamp cut to the millisecond. */
export const activityTime = (column: SQL): SQL => sql`date_trunc('milliseconds', ${column})`;

/**
 * The condition "this row of `kind` comes after the cursor" (true with no cursor). Rows of one
 * source share their kind, so the kind part of the comparison is decided here, not in SQL.
 */
export function olderThan(kind: HistoryKind, at: SQL, id: SQL, before: ActivityCursor | null): SQL {
  if (!before) return sql`TRUE`;
  const time = activityTime(at);
  const cursorAt = before.at.toISOString();
  if (kind < before.kind) return sql`${time} <= ${cursorAt}::timestamptz`;
  if (kind > before.kind) return sql`${time} < ${cursorAt}::timestamptz`;
  return sql`(${time} < ${cursorAt}::timestamptz OR (${time} = ${cursorAt}::timestamptz AND ${id} < ${before.id}))`;
}

/** The newest-first order the SQL of a source uses; the merge uses the same. */
export const activityOrder = (at: SQL, id: SQL): SQL => sql`${activityTime(at)} DESC, ${id} DESC`;

/** Newest first: time, then kind, then id, all descending. */
export function compareNewestFirst(a: ActivityCursor, b: ActivityCursor): number {
  const byTime = b.at.getTime() - a.at.getTime();
  if (byTime !== 0) return byTime;
  if (a.kind !== b.kind) return a.kind < b.kind ? 1 : -1;
  return b.id - a.id;
}

export function encodeCursor(entry: ActivityCursor): string {
  return Buffer.from(`${entry.at.getTime()}~${entry.kind}~${entry.id}`).toString('base64url');
}

/** The cursor a page gave out; anything else is a 400. */
export function decodeCursor(text: string | undefined): ActivityCursor | null {
  if (text === undefined) return null;
  const [time, kind, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('~');
  const at = Number(time);
  const idNumber = Number(id);
  const known = (HISTORY_KINDS as readonly string[]).includes(kind ?? '');
  if (rest.length > 0 || !known || !/^\d{1,15}$/.test(time ?? '') || !/^\d{1,15}$/.test(id ?? '') || !Number.isSafeInteger(idNumber)) {
    throw badRequest(CURSOR_MESSAGE);
  }
  return { at: new Date(at), kind: kind as HistoryKind, id: idNumber };
}
