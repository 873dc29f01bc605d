import type { LandCellsResponse } from '@starport/schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { landKeys } from './land-keys.ts';

/** GET /api/land/cells?bbox=west,south,east,north: the owned cells in a box of at most 2°. */
export const getLandCells = (bbox: string, signal?: AbortSignal) =>
  api.get<LandCellsResponse>('/api/land/cells', { query: { bbox }, signal });

/**
 * The owned cells of the box on screen; `bbox` is null while the map is zoomed out too far to
 * show plots. The last box's answer stays shown while the next one loads, so plots do not
 * blink on a pan.
 */
export const useLandCells = (bbox: string | null) =>
  useQuery({
    queryKey: landKeys.cells(bbox ?? ''),
    queryFn: ({ signal }) => getLandCells(bbox!, signal),
    enabled: bbox !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
