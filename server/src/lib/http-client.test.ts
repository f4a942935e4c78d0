import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepAliveFetch, MAX_ANSWER_BYTES } from './http-client.ts';

let server: http.Server;
let base = '';
const seenSockets = new Set<unknown>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seenSockets.add(req.socket);
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (req.url === '/redirect') {
        res.writeHead(302, { Location: '/elsewhere' }).end();
      } else if (req.url === '/huge') {
        res.writeHead(200).end('x'.repeat(MAX_ANSWER_BYTES + 10));
      } else if (req.url === '/slow') {
        setTimeout(() => res.writeHead(200).end('late'), 500);
      } else {
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, auth: req.headers.authorization, body }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const call = (path: string, init: Partial<Parameters<typeof keepAliveFetch>[1]> = {}) =>
  keepAliveFetch(`${base}${path}`, {
    method: 'POST',
    headers: { Authorization: 'Token k', 'Content-Type': 'application/json' },
    body: '{"a":"₦1"}',
    signal: new AbortController().signal,
    ...init,
  });

describe('keepAliveFetch', () => {
  it('sends the method, headers and body and answers the status and text', async () => {
    const answer = await call('/echo');
    expect(answer.status).toBe(201);
    expect(JSON.parse(await answer.text())).toEqual({
      method: 'POST',
      auth: 'Token k',
      body: '{"a":"₦1"}',
    });
  });

  it('reuses its connections for the next requests', async () => {
    seenSockets.clear();
    for (let i = 0; i < 20; i += 1) await (await call('/echo')).text();
    // undici may open a second connection while the first finishes its write; never more.
    expect(seenSockets.size).toBeLessThanOrEqual(2);
  });

  it('rejects a redirect, an oversized answer and a refused connection like fetch', async () => {
    await expect(call('/redirect')).rejects.toThrow(TypeError);
    await expect(call('/huge')).rejects.toThrow('fetch failed');
    await expect(
      keepAliveFetch('http://127.0.0.1:1/', {
        method: 'GET',
        headers: {},
        signal: new AbortController().signal,
      }),
    ).rejects.toMatchObject({ cause: { code: 'ECONNREFUSED' } });
  });

  it('gives up when its signal aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(call('/slow', { signal: controller.signal })).rejects.toThrow();
    expect(controller.signal.aborted).toBe(true);
  });
});
