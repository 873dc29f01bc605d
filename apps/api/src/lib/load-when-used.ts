import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A CommonJS package loaded at its first use rather than with the server (decision 0068).
 * Imported statically, a package that serves only some configurations (Redis, SMTP, S3) or
 * only some requests (Stripe's SDK) is loaded by every start, ~0.1 s each; require() loads it
 * synchronously where it is first needed, so callers stay synchronous. Use `import type` for
 * its types.
 */
export function loadWhenUsed<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireHere(specifier) as T);
}
