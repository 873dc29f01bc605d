/** The cache keys of the redeem page. */
export const redeemKeys = {
  all: ['redeem'] as const,
  history: () => [...redeemKeys.all, 'history'] as const,
};
