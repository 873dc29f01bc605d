import { parseUsdToMicro } from '@starport/schemas/usd-text';
import type { ListFilters } from './list-filters.ts';

/** What is wrong with each filter of the URL, by the filter panel's field. */
export type FilterProblems = Partial<Record<'element' | 'rarity' | 'priceFrom' | 'priceTo', string>>;

/** The keys a list accepts for each filter; other spellings the API also reads map to them. */
export type FilterChoices = { element: readonly string[]; rarity: readonly string[] };

const ALIASES: Record<string, string> = { earth: 'human', legend: 'legendary' };

const PRICE_MESSAGES = {
  negative: 'cannot be negative.',
  invalid: 'must be an amount of US dollars, like 25 or 19.99.',
  'too-precise': 'has more than 6 decimals.',
  'too-large': 'is too large.',
} as const;

function checkPrice(label: string, raw: string): { micro: bigint | null; problem?: string } {
  const text = raw.trim();
  if (!text) return { micro: null };
  const micro = parseUsdToMicro(text);
  return typeof micro === 'bigint' ? { micro } : { micro: null, problem: `${label} ${PRICE_MESSAGES[micro]}` };
}

function checkChoices(label: string, values: string[], known: readonly string[]) {
  const unknown = values.filter((v) => !known.includes(ALIASES[v] ?? v));
  return {
    kept: values.filter((v) => !unknown.includes(v)),
    problem: unknown.length
      ? `Unknown ${label} ${unknown.map((v) => `'${v.slice(0, 40)}'`).join(', ')}: choose from the list.`
      : undefined,
  };
}

/**
 * The URL's filters checked by the API's own rules before any call: each problem goes to its
 * field, and the list is asked for without the bad part (so it stays on screen instead of
 * being replaced by an error). From above To drops the price range.
 */
export function checkListFilters(
  filters: ListFilters,
  choices: FilterChoices,
): { usable: ListFilters; problems: FilterProblems } {
  const problems: FilterProblems = {};
  const element = checkChoices('element', filters.element, choices.element);
  const rarity = checkChoices('rarity', filters.rarity, choices.rarity);
  const from = checkPrice('From', filters.priceFrom);
  const to = checkPrice('To', filters.priceTo);
  if (element.problem) problems.element = element.problem;
  if (rarity.problem) problems.rarity = rarity.problem;
  if (from.problem) problems.priceFrom = from.problem;
  if (to.problem) problems.priceTo = to.problem;
  const reversed = from.micro !== null && to.micro !== null && from.micro > to.micro;
  if (reversed) problems.priceFrom = 'From must not be above To.';
  return {
    problems,
    usable: {
      ...filters,
      element: element.kept,
      rarity: rarity.kept,
      priceFrom: from.problem || reversed ? '' : filters.priceFrom,
      priceTo: to.problem || reversed ? '' : filters.priceTo,
    },
  };
}
