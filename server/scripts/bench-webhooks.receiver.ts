/**
 * The customer's endpoint for bench:webhooks, in a process of its own (forked with an IPC
 * channel): it checks every request as README "Webhooks" tells a customer to (the HMAC over
 * timestamp + "." + raw body in constant time, a timestamp within 5 minutes, the body's id equal
 * to the Vendo-Webhook-Id header), answers 200, and counts per event id: how many times it came,
 * and whether it came while an earlier request for the same id was still unanswered (two
 * deliveries of one event at once). The parent asks for the counts with {type: 'stats'}.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const secret = process.env.BENCH_WEBHOOK_SECRET;
if (!secret || !process.send) {
  console.error('bench-webhooks.receiver: run it from bench-webhooks.ts');
  process.exit(1);
}

export type ReceiverStats = {
  requests: number;
  distinct: number;
  /** Requests for an id already answered before (at-least-once; a clean run has none). */
  repeats: number;
  /** Requests for an id whose earlier request was still in flight here. */
  concurrent: number;
  badSignatures: number;
  /** Wall-clock ms (Date.now) when the first and the last new id arrived. */
  firstNewAt: number;
  lastNewAt: number;
};

const inFlight = new Map<string, number>();
const seen = new Set<string>();
const stats: ReceiverStats = {
  requests: 0,
  distinct: 0,
  repeats: 0,
  concurrent: 0,
  badSignatures: 0,
  firstNewAt: 0,
  lastNewAt: 0,
};

const verified = (headers: http.IncomingHttpHeaders, body: Buffer, id: string): boolean => {
  const timestamp = String(headers['vendo-webhook-timestamp'] ?? '');
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(
    `v1=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`,
  );
  const given = Buffer.from(String(headers['vendo-webhook-signature'] ?? ''));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  try {
    return (JSON.parse(body.toString('utf8')) as { id?: unknown }).id === id;
  } catch {
    return false;
  }
};

const server = http.createServer((req, res) => {
  const id = String(req.headers['vendo-webhook-id'] ?? '');
  stats.requests += 1;
  const before = inFlight.get(id) ?? 0;
  if (before > 0) stats.concurrent += 1;
  inFlight.set(id, before + 1);
  res.once('close', () => {
    const left = (inFlight.get(id) ?? 1) - 1;
    if (left > 0) inFlight.set(id, left);
    else inFlight.delete(id);
  });
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (!verified(req.headers, Buffer.concat(chunks), id)) {
      stats.badSignatures += 1;
      res.writeHead(401).end('bad signature');
      return;
    }
    if (seen.has(id)) stats.repeats += 1;
    else {
      seen.add(id);
      stats.distinct += 1;
      stats.lastNewAt = Date.now();
      if (stats.firstNewAt === 0) stats.firstNewAt = stats.lastNewAt;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
server.keepAliveTimeout = 30_000;

process.on('message', (message: { type: string }) => {
  if (message.type === 'stats') process.send!({ type: 'stats', stats: { ...stats } });
  if (message.type === 'reset') {
    seen.clear();
    Object.assign(stats, {
      requests: 0,
      distinct: 0,
      repeats: 0,
      concurrent: 0,
      badSignatures: 0,
      firstNewAt: 0,
      lastNewAt: 0,
    });
    process.send!({ type: 'reset' });
  }
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.send!({ type: 'ready', port: (server.address() as AddressInfo).port });
});
