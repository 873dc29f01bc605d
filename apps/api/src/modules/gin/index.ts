/**
 * The gin area's front door: the only file other areas import. Gin owns gin_conversions and
 * gin_conversion_steps; the DNC it credits is written through assets' front door, and the
 * transfer it uses is claimed through the chain layer (transfer-claims.ts) in the same
 * transaction (docs/decisions/0053-gin-to-dnc.md). The operator's console lists and decides
 * conversions in review through gin-review.ts (decision 0071).
 */
export { ginRoutes } from './gin.routes.ts';
export { ginJobs } from './gin-jobs.ts';
export { GIN_VERIFY_JOB } from './gin-verify-job.ts';
export { ginConversionsActivity } from './gin-activity.ts';
export {
  ginConversionsForReview,
  resolveGinReview,
  type GinConversionRef,
  type GinForReview,
  type GinReviewDecision,
  type GinReviewResult,
} from './gin-review.ts';
