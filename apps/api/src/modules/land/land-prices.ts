import { DEFAULT_PLOT_VALUATION } from '@starport/schemas';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { readSetting, writeSetting } from '../../db/settings.ts';
import { badRequest } from '../../lib/app-error.ts';

/**
 * What a free plot costs in land credit and the valuation it is given, both operator settings
 * (decision 0044). The server prices every cell itself; the client's total is only compared.
 */
export const PLOT_PRICE_KEY = 'land_plot_credit_price';
export const PLOT_VALUATION_KEY = 'land_plot_valuation';
export const DEFAULT_PLOT_PRICE = 1;
const MAX = 1_000_000;

const Price = z.number().int().min(1).max(MAX);
const Valuation = z.number().int().min(0).max(MAX);

export type PlotPricing = { price: number; valuation: number };

export async function readPlotPricing(db: DbOrTx): Promise<PlotPricing> {
  const price = Price.safeParse(await readSetting(db, PLOT_PRICE_KEY));
  const valuation = Valuation.safeParse(await readSetting(db, PLOT_VALUATION_KEY));
  return {
    price: price.success ? price.data : DEFAULT_PLOT_PRICE,
    valuation: valuation.success ? valuation.data : DEFAULT_PLOT_VALUATION,
  };
}

export async function writePlotPricing(db: DbOrTx, p: Partial<PlotPricing>): Promise<PlotPricing> {
  if (p.price !== undefined && !Price.safeParse(p.price).success) throw badRequest(`A plot costs whole land credit from 1 to ${MAX}.`);
  if (p.valuation !== undefined && !Valuation.safeParse(p.valuation).success) throw badRequest(`A plot's valuation is whole USD from 0 to ${MAX}.`);
  if (p.price !== undefined) await writeSetting(db, PLOT_PRICE_KEY, p.price);
  if (p.valuation !== undefined) await writeSetting(db, PLOT_VALUATION_KEY, p.valuation);
  return readPlotPricing(db);
}
