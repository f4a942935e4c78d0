import { Pool, type Dispatcher } from 'undici';

/** The part of fetch the supplier adapters use: one request, the whole body as text. */
export type HttpFetch = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    body?: string;
    signal: AbortSignal;
    redirect?: 'error';
  },
) => Promise<{ status: number; text: () => Promise<string> }>;

/** A supplier answer larger than this is not an answer (ours are a few hundred bytes). */
export const MAX_ANSWER_BYTES = 1_000_000;

/** One connection pool per origin (scheme, host and port), kept for the life of the process. */
const pools = new Map<string, Pool>();
const poolFor = (origin: string): Pool => {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, {
      // Keep-alive connections, as many as there are requests in flight; none is ever
      // pipelined (an order must not wait behind another, or be replayed after a reset).
      pipelining: 1,
      maxResponseSize: MAX_ANSWER_BYTES,
    });
    pools.set(origin, pool);
  }
  return pool;
};

/**
 * HttpFetch over undici's connection pool (keep-alive). Behaves like fetch for what the adapters
 * rely on: failures reject with TypeError('fetch failed', { cause }), an abort rejects, and a
 * redirect is an error (a supplier that redirects an order is not one to follow blindly). It
 * costs a fraction of fetch per request, and about half of node:http's, which showed in the
 * purchase benchmark.
 */
export const keepAliveFetch: HttpFetch = async (url, init) => {
  const fail = (cause: unknown) => new TypeError('fetch failed', { cause });
  let target: URL;
  try {
    target = new URL(url);
  } catch (error) {
    throw fail(error);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw fail(new Error(`unsupported protocol ${target.protocol}`));
  }
  let response: Dispatcher.ResponseData;
  try {
    response = await poolFor(target.origin).request({
      path: `${target.pathname}${target.search}`,
      method: init.method as Dispatcher.HttpMethod,
      headers: init.headers,
      ...(init.body !== undefined ? { body: init.body } : {}),
      signal: init.signal,
    });
  } catch (error) {
    throw fail(error);
  }
  const status = response.statusCode;
  if (status >= 300 && status < 400) {
    response.body.resume();
    const location = response.headers.location;
    throw fail(new Error(`redirected (${status}) to ${String(location ?? '?')}`));
  }
  let text: string;
  try {
    text = await response.body.text();
  } catch (error) {
    throw fail(error);
  }
  return { status, text: () => Promise.resolve(text) };
};
