/**
 * The cache keys of the land area. Anything that changes who owns a cell or which collection
 * holds it (a purchase, a move, a new or deleted collection) invalidates `landKeys.all`, so the
 * map's cells, the lists and the details all read again.
 */
export const landKeys = {
  all: ['land'] as const,
  /** GET /api/land/cells for one box of the map */
  cells: (bbox: string) => [...landKeys.all, 'cells', bbox] as const,
  /** GET /api/lands/my_assets?type= */
  myPlots: (type: 'all' | 'individual') => [...landKeys.all, 'my-plots', type] as const,
  /** GET /api/collections/fetch */
  collections: () => [...landKeys.all, 'collections'] as const,
  /** GET /api/collections/lands?id= */
  collectionPlots: (id: string) => [...landKeys.all, 'collection-plots', id] as const,
  /** GET /api/collection/detail?uriid= */
  collectionDetail: (uriid: string) => [...landKeys.all, 'collection-detail', uriid] as const,
  /** POST /api/minting/request/mint_status for one collection */
  mintStatus: (id: number) => [...landKeys.all, 'mint-status', id] as const,
};
