import { z } from 'zod';

/**
 * Land calls (docs/api-land.md, decisions 0043 and 0044): what is owned on the part of the map
 * on screen, buying free cells with land credit, and the player's own plots in the spec's shape.
 */

/** The largest box `GET /api/land/cells` answers, in degrees each way: about zoom 9 on a big screen. */
export const MAX_MAP_BOX_DEGREES = 2;
/** Plots bought at once. */
export const MAX_PLOTS_PER_PURCHASE = 100;
export const DEFAULT_PLOT_VALUATION = 25;

export const BBOX_MESSAGE = 'bbox is four numbers: west,south,east,north, in degrees.';

const bboxText = z
  .string()
  .max(200, BBOX_MESSAGE)
  .transform((text, ctx) => {
    const parts = text.split(',').map((p) => (p.trim() === '' ? Number.NaN : Number(p)));
    const [west, south, east, north] = parts as [number, number, number, number];
    if (parts.length !== 4 || parts.some((n) => !Number.isFinite(n))) {
      ctx.addIssue({ code: 'custom', message: BBOX_MESSAGE });
      return z.NEVER;
    }
    if (west < -180 || east > 180 || south < -90 || north > 90) {
      ctx.addIssue({ code: 'custom', message: 'bbox must lie within longitudes -180 to 180 and latitudes -90 to 90.' });
      return z.NEVER;
    }
    if (west >= east || south >= north) {
      ctx.addIssue({ code: 'custom', message: 'bbox must have its west below its east and its south below its north.' });
      return z.NEVER;
    }
    if (east - west > MAX_MAP_BOX_DEGREES || north - south > MAX_MAP_BOX_DEGREES) {
      ctx.addIssue({ code: 'custom', message: `Zoom in to see plots: the map answers a box of at most ${MAX_MAP_BOX_DEGREES}° each way.` });
      return z.NEVER;
    }
    return [west, south, east, north] as [number, number, number, number];
  });

export const LandCellsQuerySchema = z.object({
  bbox: bboxText.meta({ description: 'west,south,east,north in degrees; at most 2° each way' }),
});

export const LAND_LAYERS = ['mine', 'my_collection', 'others'] as const;

export const OwnedCellSchema = z.object({
  id: z.number().int(),
  /** mine (not in a collection), my_collection, or others; a cell not listed is free */
  layer: z.enum(LAND_LAYERS),
  owner: z.string(),
  collection_id: z.number().int().nullable(),
  country: z.string().nullable(),
  valuation: z.number().int(),
});
export type OwnedCell = z.infer<typeof OwnedCellSchema>;

export const LandCellsResponseSchema = z.object({
  error: z.literal(false),
  /** the owned cells in the box; every other cell of the grid there is free */
  data: z.array(OwnedCellSchema),
  /** land credit one free plot costs now, and the valuation it is given */
  plot_price: z.number().int(),
  plot_valuation: z.number().int(),
});
export type LandCellsResponse = z.infer<typeof LandCellsResponseSchema>;

const bboxNumbers = z.array(z.number()).length(4);

/** A plot to buy: its cell `id`, or (the spec's shape) a `bbox` or `location.bbox` the server maps to its own cell. */
export const PlotRequestSchema = z
  .object({
    id: z.number().int().nonnegative().optional(),
    bbox: bboxNumbers.optional(),
    location: z.object({ bbox: bboxNumbers }).partial().passthrough().optional(),
    areas: z.unknown().optional(),
  })
  .passthrough();
export type PlotRequest = z.infer<typeof PlotRequestSchema>;

export const BuyLandWithCreditBodySchema = z.object({
  /** the total the player saw, in land credit: refused when the server's own total differs */
  price: z.number({ error: 'price is the total in land credit you expect to pay.' }).int('price is a whole number of land credit.').nonnegative(),
  /** individual plots, or into one of the player's collections */
  type: z.enum(['individual', 'collection'], { error: 'type is individual or collection.' }).default('individual'),
  collection: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/).transform(Number)]).nullish(),
  items: z
    .array(PlotRequestSchema, { error: 'items is the list of plots to buy.' })
    .min(1, 'No land has been selected yet!')
    .max(MAX_PLOTS_PER_PURCHASE, `At most ${MAX_PLOTS_PER_PURCHASE} plots can be bought at once.`),
});
export type BuyLandWithCreditBody = z.infer<typeof BuyLandWithCreditBodySchema>;

export const BuyLandResponseSchema = z.object({
  error: z.literal(false),
  msg: z.string(),
  /** the cells bought, and the land credit left */
  cells: z.array(z.number().int()),
  credit: z.number().int(),
});
export type BuyLandResponse = z.infer<typeof BuyLandResponseSchema>;

/** A plot in the spec's shape (owned-assets.md §3). */
export const LandPlotSchema = z.object({
  _id: z.string(),
  cell_id: z.number().int(),
  location: z.object({ bbox: z.array(z.number()).length(4) }),
  center: z.object({ coordinates: z.array(z.number()).length(2) }),
  areas: z.array(z.object({ country: z.string().nullable() })),
  price: z.number(),
  collection_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type LandPlot = z.infer<typeof LandPlotSchema>;

export const MyLandsQuerySchema = z.object({
  type: z.enum(['individual', 'all'], { error: 'type is individual or all.' }).default('all'),
});

export const MyLandsResponseSchema = z.object({
  error: z.literal(false),
  data: z.array(LandPlotSchema),
  total: z.number().int(),
});
