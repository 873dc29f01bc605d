import { useLandChange } from './use-land-change.ts';

/**
 * The collection calls of docs/api-land.md, one hook each. Plots are named by their cell id;
 * the server answers `{ msg, collection_id }`, and its 4xx sentence otherwise.
 */

/** POST /api/collection/create_and_move: a new collection, with these plots moved into it (none is fine). */
export const useCreateCollection = () =>
  useLandChange<{ name: string; lands?: number[] }>('/api/collection/create_and_move');

/** POST /api/collections/setname */
export const useRenameCollection = () => useLandChange<{ id: number; name: string }>('/api/collections/setname');

/** POST /api/collections/move_land: into a collection (`type` collection) or out of every collection (`type` individual). */
export const useMoveLand = () =>
  useLandChange<{ type: 'collection' | 'individual'; collection_id?: number; lands: number[] }>(
    '/api/collections/move_land',
  );

/** POST /api/collections/add_lands */
export const useAddLands = () =>
  useLandChange<{ collection_id: number; items: number[] }>('/api/collections/add_lands');

/** POST /api/collections/remove_lands: they become individual plots. */
export const useRemoveLands = () =>
  useLandChange<{ collection_id: number; items: number[] }>('/api/collections/remove_lands');

/** POST /api/collections/remove: only an empty collection that is not minting or minted. */
export const useDeleteCollection = () => useLandChange<{ id: number }>('/api/collections/remove');
