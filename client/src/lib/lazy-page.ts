import { lazy, type ComponentType } from 'react';

/** Spec §9: a route's code that has not arrived after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('Timed out loading the page')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

/**
 * A route component loaded on demand, in its own chunk:
 * `lazyPage(() => import('@/features/x/components/x-page').then((m) => m.XPage))`.
 * Failures (offline, timeout, a deploy removed the chunk) reach the nearest error boundary.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export const lazyPage = <T extends ComponentType<any>>(load: () => Promise<T>) =>
  lazy(() =>
    withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then((component) => ({ default: component })),
  );
