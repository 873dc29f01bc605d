export type QuantityBounds = { min: number; max: number };

/**
 * Why `text` is not a quantity one top-up may buy, or null when it is: a whole number within the
 * operator's bounds (GET /api/credit/topup). The server checks the same and answers 400.
 */
export function quantityProblem(text: string, { min, max }: QuantityBounds): string | null {
  const trimmed = text.trim();
  const n = Number(trimmed);
  const whole = /^\d+$/.test(trimmed) && Number.isSafeInteger(n);
  return whole && n >= min && n <= max ? null : `Enter a whole number from ${min} to ${max}.`;
}
