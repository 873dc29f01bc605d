/** The cache keys of the Gin page: a credited conversion changes the balance and the list. */
export const ginKeys = {
  all: ['gin'] as const,
  terms: () => [...ginKeys.all, 'terms'] as const,
  conversions: () => [...ginKeys.all, 'conversions'] as const,
  dncBalance: () => [...ginKeys.all, 'dnc-balance'] as const,
};
