import type { TPageData } from '@vendo/shared/schemas/page-data';
import { createContext, useContext, useState } from 'react';

/**
 * Public data the server embeds in the page it serves (`<script type="application/json"
 * id="page-data">`, server/src/web/serve-client.ts): the site's details on every page, the price
 * list on /priceList. It lets the landing page and the price list render from the first answer,
 * without a loading state or an API call. The Vite dev server embeds nothing: callers fall back
 * to the API. When the server renders the page itself (src/entry-server.tsx, decision 0022) it
 * passes the same data through PageDataContext, so its markup and the browser's first render,
 * which reads the block, agree.
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

/** The whole embedded block as the page came with it ({} when there is none). */
export const readPageData = (): TPageData => read();

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

/**
 * The page's data for usePageData: the server's render (entry-server.tsx) provides what it embeds,
 * the browser the block it read (readPageData), so both trees are alike. Without a provider (a
 * test rendering one screen) the block is read.
 */
export const PageDataContext = createContext<TPageData | null>(null);

/**
 * The embedded value as it was when the component first rendered: the server's render and the
 * browser's first render (hydration) show the same thing. Later renders keep that value, even
 * once a query has taken it (takePageData).
 */
export const usePageData = <K extends keyof TPageData>(key: K): TPageData[K] => {
  const provided = useContext(PageDataContext);
  const [value] = useState(() => (provided ? provided[key] : peekPageData(key)));
  return value;
};
