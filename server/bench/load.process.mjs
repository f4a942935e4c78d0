// autocannon in a process of its own, so the load generator does not share the app's event loop
// (autocannon reports differently inside a worker thread). The first IPC message is
// { url, connections, seconds, warmupSeconds, body, headers: [{...}, ...] }: one headers object
// per user, requests rotate through them (with `bodies`, one body per user beside its headers).
// Sends back the summary the bench prints.
import fs from 'node:fs';
import autocannon from 'autocannon';

const { url, connections, seconds, warmupSeconds, body, bodies, headers } = await new Promise(
  (resolve) => process.once('message', resolve),
);
let next = 0;
const options = (duration) => ({
  url,
  method: 'POST',
  connections,
  duration,
  requests: [
    {
      method: 'POST',
      body,
      setupRequest: (request) => {
        const i = (next += 1) % headers.length;
        return {
          ...request,
          headers: { 'content-type': 'application/json', ...headers[i] },
          ...(bodies ? { body: bodies[i] } : {}),
        };
      },
    },
  ],
});

/** The machine's CPU time so far, in clock ticks (Linux /proc/stat; null elsewhere). */
const cpuTicks = () => {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
  } catch {
    return null;
  }
};

// Not counted: JIT, connection pools and caches settle first, as in any long-running server.
// A run of its own (the promise form: given a callback, autocannon 8 skips its own warm-up), so
// that the machine's CPU is read over the counted run only.
if (warmupSeconds > 0) await autocannon(options(warmupSeconds));
const before = cpuTicks();
const result = await autocannon(options(seconds));
const after = cpuTicks();
// Every process on the machine (app, database, suppliers, this load generator), per request.
const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
const cpu =
  before && after
    ? {
        msPerRequest: (after.busy - before.busy) / ticksPerMs / Math.max(result.requests.total, 1),
        idle:
          (after.idle - before.idle) /
          Math.max(
            after.busy - before.busy + after.idle - before.idle + after.steal - before.steal,
            1,
          ),
      }
    : null;
process.send({
  reqPerSec: result.requests.average,
  p50: result.latency.p50,
  p90: result.latency.p90,
  p97_5: result.latency.p97_5,
  p99: result.latency.p99,
  max: result.latency.max,
  non2xx: result.non2xx,
  errors: result.errors + result.timeouts,
  total: result.requests.total,
  cpu,
});
