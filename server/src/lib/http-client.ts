import http from 'node:http';
import https from 'node:https';

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

const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/**
 * HttpFetch over node:http with keep-alive connections. Behaves like fetch for what the adapters
 * rely on: failures reject with TypeError('fetch failed', { cause }), an abort rejects, and a
 * redirect is an error (a supplier that redirects an order is not one to follow blindly). It
 * costs a fraction of undici's fetch per request, which showed in the purchase benchmark.
 */
export const keepAliveFetch: HttpFetch = (url, init) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const transport = target.protocol === 'https:' ? https : http;
    const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
    const fail = (cause: unknown) => reject(new TypeError('fetch failed', { cause }));
    const headers: Record<string, string | number> = { ...init.headers };
    if (init.body !== undefined) headers['Content-Length'] = Buffer.byteLength(init.body);
    const request = transport.request(
      target,
      { method: init.method, headers, agent, signal: init.signal },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          fail(new Error(`redirected (${status}) to ${response.headers.location ?? '?'}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            response.destroy(new Error(`answer larger than ${MAX_ANSWER_BYTES} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('error', fail);
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status, text: () => Promise.resolve(text) });
        });
      },
    );
    request.on('error', fail);
    request.end(init.body);
  });
