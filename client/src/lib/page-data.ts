import type { TPageData } from '@vendo/shared/schemas/page-data';

/**
 * Public data the server embeds in the page it serves (`<script type="application/json"
 * id="page-data">`, server/src/web/serve-client.ts): the site's details on every page, the price
 * list on /priceList. It lets the landing page and the price list render from the first answer,
 * without a loading state or an API call. The Vite dev server embeds nothing: callers fall back
 * to the API.
 */
let data: TPageData | undefined;

const read = (): TPageData => {
  if (data) return data;
  data = {};
  const block = typeof document === 'undefined' ? null : document.getElementById('page-data');
  if (block?.textContent) {
    try {
      data = JSON.parse(block.textContent) as TPageData;
    } catch {
      // A damaged block is ignored: the API answers instead.
    }
  }
  return data;
};

/** The embedded value, if any; it stays available to later callers. */
export const peekPageData = <K extends keyof TPageData>(key: K): TPageData[K] => read()[key];

/**
 * The embedded value, once: the first query of that data uses it; later ones (a refetch after
 * the cache expired or a change) ask the API, so nothing stays on the page's first answer.
 */
export const takePageData = <K extends keyof TPageData>(key: K): TPageData[K] => {
  const value = read()[key];
  data = { ...read(), [key]: undefined };
  return value;
};

/** Tests: forget what was read, so the next read looks at the document again. */
export const resetPageData = (): void => {
  data = undefined;
};
