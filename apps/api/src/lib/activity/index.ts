export {
  activityOrder,
  activityTime,
  compareNewestFirst,
  decodeCursor,
  encodeCursor,
  olderThan,
  type ActivityCursor,
  type ActivityEntry,
  type ActivityPage,
  type ActivitySource,
} from './activity.ts';
