import { z } from 'zod';
import { readPageNumber } from './pagination.ts';
import { MAX_USD, parseUsdToMicro } from './usd-text.ts';
import { LISTING_KINDS, MARKETPLACE_PAGE_SIZE, MAX_PAGE_SIZE, SHOP_PAGE_SIZE, TOP_LIST_SIZE, type ListingKind } from './catalogue-constants.ts';

export { parseUsdToMicro };

/**
 * Query strings of the catalogue lists. The spec's client sends free text (empty strings for
 * unset filters, prices typed by hand), so every field arrives as text and is parsed here
 * into a typed filter; a value that cannot mean anything is a 400 with a sentence.
 */

export type ElementKey = 'human' | 'ai' | 'alien' | 'dnc';
export type RarityCode = 0 | 1 | 2 | 3;

const ELEMENT_ALIASES: Record<string, ElementKey> = { human: 'human', earth: 'human', ai: 'ai', alien: 'alien', dnc: 'dnc' };
const RARITY_ALIASES: Record<string, RarityCode> = { common: 0, rare: 1, epic: 2, legendary: 3, legend: 3 };
const MAX_PAGE = 1_000_000;

/** A query value: repeated keys (`?element=ai&element=alien`) arrive as an array; join them. */
const text = (field: string, max = 200) =>
  z
    .union([z.string(), z.array(z.string())], { error: `${field} must be text.` })
    .optional()
    .transform((v) => (Array.isArray(v) ? v.join(',') : v)?.trim() ?? '')
    .refine((v) => v.length <= max, { error: `${field} is too long (${max} characters at most).` });

type Ctx = z.core.$RefinementCtx;
/** Records the issue; the parsers answer `undefined` for a value that failed. */
const fail = (ctx: Ctx, path: string, message: string): undefined => {
  ctx.addIssue({ code: 'custom', path: [path], message });
  return undefined;
};

function commaList<T>(ctx: Ctx, field: string, raw: string, aliases: Record<string, T>, help: string): T[] | null | undefined {
  if (!raw) return null;
  const out: T[] = [];
  for (const part of raw.split(',')) {
    const key = part.trim().toLowerCase();
    if (!key) continue;
    const value = aliases[key];
    if (value === undefined) return fail(ctx, field, `Unknown ${field} '${part.trim().slice(0, 40)}'. Use ${help}.`);
    if (!out.includes(value)) out.push(value);
  }
  return out.length ? out : null;
}

function price(ctx: Ctx, field: string, raw: string): bigint | null | undefined {
  if (!raw) return null;
  const v = parseUsdToMicro(raw);
  if (typeof v === 'bigint') return v;
  const messages = {
    negative: `${field} cannot be negative.`,
    invalid: `${field} must be an amount of US dollars, like 25 or 19.99.`,
    'too-precise': `${field} has more than 6 decimals.`,
    'too-large': `${field} is too large (at most ${MAX_USD} US dollars).`,
  };
  return fail(ctx, field, messages[v]);
}

/** A page or limit of the text form: the shared paging rules, failures recorded as issues. */
function wholeNumber(ctx: Ctx, field: string, raw: string, fallback: number, max: number): number | undefined {
  const n = readPageNumber(field, raw, fallback, max);
  return typeof n === 'number' ? n : fail(ctx, field, n.message);
}

export type CatalogueFilter = {
  /** null: no element filter */
  elements: ElementKey[] | null;
  rarities: RarityCode[] | null;
  kinds: ListingKind[] | null;
  priceFromMicro: bigint | null;
  priceToMicro: bigint | null;
  page: number;
  limit: number;
};

function findQuery(opts: { defaultLimit: number; shop: boolean }) {
  const elementHelp = opts.shop ? 'human (or earth), ai or alien' : 'dnc, human (or earth), ai or alien';
  return z
    .object({
      element: text('element').meta({ description: `Comma list: ${elementHelp}` }),
      rarity: text('rarity').meta({ description: 'Comma list: common, rare, epic, legendary (or legend)' }),
      price_from: text('price_from', 40).meta({ description: 'Lowest sell price in USD, inclusive (free text: 25, 19.99, $1,500)' }),
      price_to: text('price_to', 40).meta({ description: 'Highest sell price in USD, inclusive' }),
      page: text('page', 20).meta({ description: '1-based page number' }),
      limit: text('limit', 20).meta({ description: `Page size, default ${opts.defaultLimit}, at most ${MAX_PAGE_SIZE}` }),
      ...(opts.shop ? {} : { kind: text('kind').meta({ description: 'Comma list: ship, dnc, house_unit (container-house units)' }) }),
    })
    .transform((q, ctx): CatalogueFilter => {
      const kindAliases = Object.fromEntries(LISTING_KINDS.map((k) => [k, k])) as Record<string, ListingKind>;
      const rawKind = 'kind' in q && typeof q.kind === 'string' ? q.kind : '';
      const parsed = {
        elements: commaList(ctx, 'element', q.element, ELEMENT_ALIASES, elementHelp),
        rarities: commaList(ctx, 'rarity', q.rarity, RARITY_ALIASES, 'common, rare, epic or legendary'),
        kinds: commaList(ctx, 'kind', rawKind, kindAliases, 'ship, dnc or house_unit'),
        priceFromMicro: price(ctx, 'price_from', q.price_from),
        priceToMicro: price(ctx, 'price_to', q.price_to),
        page: wholeNumber(ctx, 'page', q.page, 1, MAX_PAGE),
        limit: wholeNumber(ctx, 'limit', q.limit, opts.defaultLimit, MAX_PAGE_SIZE),
      };
      if (!isComplete(parsed)) return z.NEVER;
      if (opts.shop && parsed.elements?.includes('dnc')) {
        fail(ctx, 'element', 'DNC packs are sold on the marketplace, not in the shop.');
        return z.NEVER;
      }
      const { priceFromMicro: from, priceToMicro: to } = parsed;
      if (from !== null && to !== null && from > to) {
        fail(ctx, 'price_from', 'price_from must not be greater than price_to.');
        return z.NEVER;
      }
      return parsed;
    });
}

/** True when no field failed to parse (each failure already recorded its issue). */
function isComplete<T extends Record<string, unknown>>(parsed: T): parsed is { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.values(parsed).every((v) => v !== undefined);
}

export type MyAssetsFilter = Omit<CatalogueFilter, 'kinds' | 'elements'> & {
  elements: Exclude<ElementKey, 'dnc'>[] | null;
  kinds: ('ship' | 'house_unit')[] | null;
};

/**
 * GET /api/my/assets: the list filters of the marketplace over what a player owns. `price` is
 * what the player paid. An element or rarity filter keeps ships only (units have neither).
 */
export function myAssetsQuery(defaultLimit: number) {
  const elementHelp = 'human (or earth), ai or alien';
  return z
    .object({
      element: text('element').meta({ description: `Comma list: ${elementHelp}` }),
      rarity: text('rarity').meta({ description: 'Comma list: common, rare, epic, legendary (or legend)' }),
      kind: text('kind').meta({ description: 'Comma list: ship, house_unit' }),
      price_from: text('price_from', 40).meta({ description: 'Lowest price paid in USD, inclusive' }),
      price_to: text('price_to', 40).meta({ description: 'Highest price paid in USD, inclusive' }),
      page: text('page', 20).meta({ description: '1-based page number' }),
      limit: text('limit', 20).meta({ description: `Page size, default ${defaultLimit}, at most ${MAX_PAGE_SIZE}` }),
    })
    .transform((q, ctx): MyAssetsFilter => {
      const { dnc: _dnc, ...shipElements } = ELEMENT_ALIASES;
      const parsed = {
        elements: commaList(ctx, 'element', q.element, shipElements as Record<string, Exclude<ElementKey, 'dnc'>>, elementHelp),
        rarities: commaList(ctx, 'rarity', q.rarity, RARITY_ALIASES, 'common, rare, epic or legendary'),
        kinds: commaList(ctx, 'kind', q.kind, { ship: 'ship', house_unit: 'house_unit' } as const, 'ship or house_unit'),
        priceFromMicro: price(ctx, 'price_from', q.price_from),
        priceToMicro: price(ctx, 'price_to', q.price_to),
        page: wholeNumber(ctx, 'page', q.page, 1, MAX_PAGE),
        limit: wholeNumber(ctx, 'limit', q.limit, defaultLimit, MAX_PAGE_SIZE),
      };
      if (!isComplete(parsed)) return z.NEVER;
      const { priceFromMicro: from, priceToMicro: to } = parsed;
      if (from !== null && to !== null && from > to) {
        fail(ctx, 'price_from', 'price_from must not be greater than price_to.');
        return z.NEVER;
      }
      return parsed;
    });
}

export const MarketplaceFindQuerySchema = findQuery({ defaultLimit: MARKETPLACE_PAGE_SIZE, shop: false });
export const ShopFindQuerySchema = findQuery({ defaultLimit: SHOP_PAGE_SIZE, shop: true });

/** recently_sold, top_nft, last_7_days: an optional limit, capped. */
export const TopListQuerySchema = z
  .object({ limit: text('limit', 20).meta({ description: `How many, default ${TOP_LIST_SIZE}, at most ${MAX_PAGE_SIZE}` }) })
  .transform((q, ctx) => {
    const limit = wholeNumber(ctx, 'limit', q.limit, TOP_LIST_SIZE, MAX_PAGE_SIZE);
    return limit === undefined ? z.NEVER : { limit };
  });

export const LeaderboardQuerySchema = z
  .object({
    page: text('page', 20),
    limit: text('limit', 20),
    period: text('period', 20).meta({ description: "'month' (default: this calendar month, UTC) or 'all'" }),
  })
  .transform((q, ctx) => {
    const parsed = {
      page: wholeNumber(ctx, 'page', q.page, 1, MAX_PAGE),
      limit: wholeNumber(ctx, 'limit', q.limit, MARKETPLACE_PAGE_SIZE, MAX_PAGE_SIZE),
      period: q.period === '' || q.period === 'month' ? ('month' as const) : q.period === 'all' ? ('all' as const) : fail(ctx, 'period', "period must be 'month' or 'all'."),
    };
    return isComplete(parsed) ? parsed : z.NEVER;
  });

export const CatalogueIdParamsSchema = z.object({
  id: z.string().max(64, { error: 'This id is too long.' }),
});
