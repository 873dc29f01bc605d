import { landCreditKey } from '../../../lib/land-credit.ts';

/** Everything cached for the signed-in account lives under one root, dropped at sign-out. */
export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  creditTotal: () => landCreditKey,
  activation: (key: string) => ['activation', key] as const,
  secretKey: (key: string) => ['secret-key', key] as const,
};
