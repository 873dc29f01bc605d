import {
  LISTING_EXPIRY_CHOICES,
  LISTING_FEE_BPS,
  listingProceeds,
  readListingPrice,
} from '@starport/schemas/my-assets-rules';
import { isApiError } from '../../../lib/api-client.ts';
import { formatMicro } from './labels.ts';

/** The fee as players read it: "5%". */
export const FEE_PERCENT = `${LISTING_FEE_BPS / 100}%`;

/** The expiry select's choices: none (the default, the listing stays until sold or cancelled) or a number of days. */
export const EXPIRY_OPTIONS = [
  { value: '', label: 'No expiry' },
  ...LISTING_EXPIRY_CHOICES.map((days) => ({ value: String(days), label: `${days} day${days === 1 ? '' : 's'}` })),
];

/** The select's value as the API's `expires_in_days`: null when none was chosen. */
export const expiresInDaysOf = (value: string): number | null => (value ? Number(value) : null);

/**
 * What a typed price would give: the fee and the seller's net, by the very rule the server
 * credits (listingProceeds), or the sentence saying why the price cannot be used.
 */
export function pricePreview(
  text: string,
): { feeMicro: bigint; netMicro: bigint; priceMicro: bigint } | { message: string } {
  const read = readListingPrice(text);
  if (typeof read !== 'bigint') return read;
  return { priceMicro: read, ...listingProceeds(read) };
}

/** The price field's error before posting, or undefined when it is usable. */
export function priceProblem(text: string): string | undefined {
  const read = readListingPrice(text);
  return typeof read === 'bigint' ? undefined : read.message;
}

export const dncOverBalanceMessage = (total: number): string => `Please enter total DNC to sell less than ${total}`;

/**
 * The amount field's error (owned-assets.md §5): a whole number, not 0, and within the DNC
 * the player holds ("Please enter total DNC to sell less than {total}", the server's sentence).
 */
export function dncAmountProblem(text: string, balance: number): string | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (!trimmed) return 'Enter how much DNC to sell.';
  if (!/^\d+$/.test(trimmed)) return 'DNC is sold in whole units.';
  const amount = Number(trimmed);
  if (amount === 0) return 'Enter how much DNC to sell: it cannot be 0.';
  if (amount > balance) return dncOverBalanceMessage(balance);
  return undefined;
}

export const dncAmountOf = (text: string): number => Number(text.trim().replace(/,/g, ''));

/** The fee line under a price field: what the fee is and what the seller receives. */
export function previewText(text: string): string {
  const preview = pricePreview(text);
  if ('message' in preview) return `Enter a price to see the ${FEE_PERCENT} marketplace fee and what you receive.`;
  return `Marketplace fee (${FEE_PERCENT}): ${formatMicro(preview.feeMicro)} · You receive: ${formatMicro(preview.netMicro)}`;
}

/**
 * The field a refusal of the server is about: a 400 carries the schema's sentence, which names
 * the price ("The price …") or the amount ("… DNC …"); anything else (a 409 of a held listing,
 * the network) is about no one field and goes to the form's alert.
 */
export function fieldOfListingRefusal<Field extends string>(
  error: unknown,
  rules: [RegExp, Field][],
): Field | undefined {
  if (!isApiError(error) || error.status !== 400) return undefined;
  return rules.find(([pattern]) => pattern.test(error.msg))?.[1];
}
