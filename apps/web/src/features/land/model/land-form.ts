import { NO_COLLECTION_NAME, NO_COLLECTION_SELECTED, NO_LAND_SELECTED } from '@starport/schemas';
import { messageOf } from '../../../lib/api-error.ts';

/** The fields of the land dialogs: a collection's name, where plots go, which plots. */
export type LandField = 'name' | 'destination' | 'plots';

export const nameProblem = (name: string): string | undefined => (name.trim() ? undefined : NO_COLLECTION_NAME);
export const plotsProblem = (plots: readonly number[]): string | undefined =>
  plots.length > 0 ? undefined : NO_LAND_SELECTED;
export const destinationProblem = (destination: string): string | undefined =>
  destination ? undefined : NO_COLLECTION_SELECTED;

/** The server's refusal, on the field it is about when its sentence names one (spec §5), else above the form. */
export function fieldOfRefusal(error: unknown): LandField | undefined {
  const msg = messageOf(error);
  if (msg === NO_COLLECTION_NAME || /collection name/i.test(msg)) return 'name';
  if (msg === NO_COLLECTION_SELECTED) return 'destination';
  if (msg === NO_LAND_SELECTED) return 'plots';
  return undefined;
}
