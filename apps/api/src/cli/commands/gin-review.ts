import type { Db } from '../../db/client.ts';
import {
  ginConversionsForReview,
  resolveGinReview,
  type GinConversionRef,
  type GinForReview,
  type GinReviewDecision,
  type GinReviewResult,
} from '../../modules/gin/index.ts';
import { CliError } from '../cli-error.ts';

/** gin-review, resolve-gin-review: the gin area keeps its conversions and decides them (decision 0071). */

export const listGinForReview = (db: Db, limit: number): Promise<{ conversions: GinForReview[]; total: number }> =>
  ginConversionsForReview(db, limit);

export const refText = (ref: GinConversionRef) => ('id' in ref ? String(ref.id) : ref.tid);

/** Decides the conversion, or says why it cannot be decided (nothing was changed then). */
export async function resolveGinConversion(
  db: Db,
  ref: GinConversionRef,
  decision: GinReviewDecision,
): Promise<Extract<GinReviewResult, { resolved: true }>> {
  const result = await resolveGinReview(db, ref, decision);
  if (result.resolved) return result;
  const name = `Gin conversion ${refText(ref)}`;
  if (result.status === null) throw new CliError(`${name} does not exist.`);
  if (result.reviewNote !== null)
    throw new CliError(`${name} was already resolved by an operator: ${result.status} ("${result.reviewNote}"). Nothing was changed.`);
  throw new CliError(`${name} is ${result.status}, not waiting for review. Nothing was changed.`);
}
