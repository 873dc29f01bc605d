import { expect } from 'vitest';

/**
 * A fiat price written with a currency word: "250 USDT", "$480.250 USD", "216.400 USDC",
 * "USD 12". Every price is "$" and the amount (docs/decisions/0028-one-word-for-money.md);
 * sentences may still name the currency ("All prices are in US dollars"). No \b after the
 * word: textContent runs elements together ("$1,186.740 USDPay by card").
 */
const AMOUNT_WITH_WORD = /\d[\d,.]*\s*USD|\bUSD[CT]?\s*\$?\d/;
const STABLECOIN = /USD[CT](?![a-z])/;

/**
 * Fails when a rendered page writes money other than "$12.500": an amount with a currency word
 * beside it, or a stablecoin's name (USDC is for on-chain amounts, which these pages do not show).
 */
export function expectDollarPricesOnly(text: string | null | undefined) {
  const shown = text ?? '';
  expect(shown, 'a fiat price is written "$" and the amount').not.toMatch(AMOUNT_WITH_WORD);
  expect(shown, 'a stablecoin named on a page of fiat prices').not.toMatch(STABLECOIN);
}
