import { z } from 'zod';
import { LandPlotSchema, MyLandsResponseSchema } from './land.ts';

/**
 * Land collection calls (docs/api-land.md, decision 0045): the spec's paths and fields, with
 * its sentences for a missing selection, name or destination (owned-assets.md §5).
 */

export const MAX_PLOTS_PER_MOVE = 500;
export const COLLECTION_NAME_MAX = 60;

export const NO_LAND_SELECTED = 'No land has been selected yet!';
export const NO_COLLECTION_NAME = 'Collection name has not been entered.';
export const NO_COLLECTION_SELECTED = 'No collections have been selected yet.';

const idOf = (field: string) =>
  z.union(
    [
      z.number().int().positive(),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ],
    { error: `${field} is a collection id.` },
  );

/** A plot named by its cell id (number or digits), or an object carrying it as `_id` or `cell_id`. */
const plotRef = z.union(
  [
    z.number().int().nonnegative(),
    z
      .string()
      .regex(/^\d{1,16}$/)
      .transform(Number),
    z.object({ cell_id: z.number().int().nonnegative() }).transform((p) => p.cell_id),
    z.object({ _id: z.string().regex(/^\d{1,16}$/) }).transform((p) => Number(p._id)),
  ],
  { error: 'A plot is named by its cell id.' },
);
const plotList = z
  .array(plotRef, { error: NO_LAND_SELECTED })
  .min(1, NO_LAND_SELECTED)
  .max(MAX_PLOTS_PER_MOVE, `At most ${MAX_PLOTS_PER_MOVE} plots can be moved at once.`);

const collectionName = z
  .string({ error: NO_COLLECTION_NAME })
  .trim()
  .min(1, NO_COLLECTION_NAME)
  .max(COLLECTION_NAME_MAX, `A collection name is at most ${COLLECTION_NAME_MAX} characters.`);

export const CollectionIdBodySchema = z.object({ id: idOf('id') });
export const SetCollectionNameBodySchema = z.object({ id: idOf('id'), name: collectionName });
export const CreateAndMoveBodySchema = z.object({ name: collectionName, lands: plotList.optional().default([]) });
export const MoveLandBodySchema = z.object({
  /** the destination: a collection (with `type` collection) or none (`type` individual) */
  collection_id: idOf('collection_id').nullish(),
  type: z.enum(['individual', 'collection'], { error: 'type is individual or collection.' }),
  lands: plotList,
});
export const CollectionLandsBodySchema = z.object({ collection_id: idOf('collection_id'), items: plotList });
export const CollectionLandsQuerySchema = z.object({ collection_id: idOf('collection_id') });
export const CollectionItemsQuerySchema = z.object({ except: idOf('except').optional() });
export const CollectionDetailQuerySchema = z.object({ uriid: idOf('uriid') });
export const CollectionOfPlotBodySchema = z.object({
  item: z
    .object(
      {
        bbox: z
          .array(z.number(), { error: 'item.bbox is four numbers: west, south, east, north.' })
          .length(4, 'item.bbox is four numbers: west, south, east, north.')
          .optional(),
        cell_id: z
          .number({ error: 'item.cell_id is a cell id: a whole number.' })
          .int('item.cell_id is a cell id: a whole number.')
          .nonnegative('item.cell_id is a cell id: a whole number.')
          .optional(),
      },
      { error: 'item is a plot: its cell_id or its bbox.' },
    )
    .passthrough()
    .refine((i) => i.bbox !== undefined || i.cell_id !== undefined, 'item is a plot: its cell_id or its bbox.'),
});

/** A collection in the spec's shape (owned-assets.md §3). */
export const LandCollectionSchema = z.object({
  _id: z.number().int(),
  name: z.string(),
  /** plots in it, counted from the plots */
  total: z.number().int(),
  /** 0 not minted, 1 minting, 2 minted */
  state: z.number().int(),
  /** whether a mint can be asked for: not minting or minted, and not empty */
  allow_mint: z.boolean(),
  /** the mint's transaction, once the minting issue records it */
  txid: z.string().nullable(),
  /** the id of the read-only detail page, /collection/{uriid} */
  uriid: z.string(),
  created_at: z.string(),
});
export type LandCollectionView = z.infer<typeof LandCollectionSchema>;

export const CollectionsResponseSchema = z.object({ error: z.literal(false), data: z.array(LandCollectionSchema) });
export const CollectionItemsResponseSchema = z.object({
  error: z.literal(false),
  items: z.array(LandCollectionSchema),
});
export const CollectionChangeResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  collection_id: z.number().int().nullable(),
});
export const CollectionOfPlotResponseSchema = z.object({
  error: z.literal(false),
  collection_id: z.number().int().nullable(),
});

export const CollectionLandsResponseSchema = z.object({
  error: z.literal(false),
  data: z.array(LandPlotSchema),
  count: z.number().int(),
});
export const CollectionDetailResponseSchema = z.object({
  error: z.literal(false),
  data: z.array(LandPlotSchema),
  info: z.object({ name: z.string(), owner: z.string(), total: z.number().int(), state: z.number().int() }),
});

/** The answers' types, for the web app's land pages. */
export type MyLandsResponse = z.infer<typeof MyLandsResponseSchema>;
export type CollectionsResponse = z.infer<typeof CollectionsResponseSchema>;
export type CollectionItemsResponse = z.infer<typeof CollectionItemsResponseSchema>;
export type CollectionChangeResponse = z.infer<typeof CollectionChangeResponseSchema>;
export type CollectionLandsResponse = z.infer<typeof CollectionLandsResponseSchema>;
export type CollectionDetailResponse = z.infer<typeof CollectionDetailResponseSchema>;
