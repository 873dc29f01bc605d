import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum: 19 MiB, 2 passes, 1 lane. Algorithm 2 = argon2id. */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real check, so an unknown account cannot be told
 * from a wrong password by timing.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword('starport-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
