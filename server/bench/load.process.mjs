// autocannon in a process of its own, so the load generator does not share the app's event loop
// (autocannon reports differently inside a worker thread). The first IPC message is
// { url, connections, seconds, warmupSeconds, body, headers: [{...}, ...] }: one headers object
// per user, requests rotate through them. Sends back the summary the bench prints.
import autocannon from 'autocannon';

const { url, connections, seconds, warmupSeconds, body, headers } = await new Promise((resolve) =>
  process.once('message', resolve),
);
let next = 0;
// The promise form: given a callback, autocannon 8 skips the warm-up and counts it in the run.
const result = await autocannon({
  url,
  method: 'POST',
  connections,
  duration: seconds,
  // Not counted: JIT, connection pools and caches settle first, as in any long-running server.
  ...(warmupSeconds > 0 ? { warmup: { connections, duration: warmupSeconds } } : {}),
  requests: [
    {
      method: 'POST',
      body,
      setupRequest: (request) => ({
        ...request,
        headers: { 'content-type': 'application/json', ...headers[(next += 1) % headers.length] },
      }),
    },
  ],
});
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
});
