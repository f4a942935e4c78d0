import {
  createElement,
  lazy,
  type ComponentProps,
  type ComponentType,
  type ReactElement,
} from 'react';

/** A route's code that has not arrived after 120 s counts as failed. */
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

/** A page loaded on demand; `preload()` fetches its code ahead of its first render. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export type TLazyPage<T extends ComponentType<any>> = ((
  props: ComponentProps<T>,
) => ReactElement) & {
  preload: () => Promise<void>;
};

/**
 * A route component loaded on demand, in its own chunk:
 * `lazyPage(() => import('@/features/x/components/x-page').then((m) => m.XPage))`.
 * Failures (offline, timeout, a deploy removed the chunk) reach the nearest error boundary.
 * Once its code is in (after a render or `preload()`), it renders at once: no suspending, so a
 * page preloaded before the app's first render (app/app.tsx) paints without a spinner first.
 * React reveals content that replaces a spinner no sooner than 300 ms after the spinner showed;
 * the dashboard, three lazy levels deep, painted some 600 ms late that way.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export const lazyPage = <T extends ComponentType<any>>(load: () => Promise<T>): TLazyPage<T> => {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  const start = () =>
    (loading ??= withTimeout(load(), CHUNK_LOAD_TIMEOUT_MS).then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(() => start().then((component) => ({ default: component })));
  const Page = (props: ComponentProps<T>) => createElement(loaded ?? Lazy, props);
  // A failed preload is reported when the page renders (through the error boundary).
  return Object.assign(Page, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
};
