import { lazy, type ComponentType } from 'react';

/** Spec §9: a lazily loaded chunk that has not arrived after two minutes counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/**
 * React.lazy with a timeout, so a stalled download ends in the error page (with a reload
 * button) instead of an endless spinner.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('Loading the page timed out.')), CHUNK_TIMEOUT_MS);
        load().then(
          (module) => {
            clearTimeout(timer);
            resolve(module);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error instanceof Error ? error : new Error('Loading the page failed.'));
          },
        );
      }),
  );
}
