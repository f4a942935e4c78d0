// The client side of bench:reset-timing, in a process of its own so the app's background work
// (the mail sent after an answer) never delays reading an answer, as for a real client. The
// first IPC message is { url, pairs: [[known, unknown], ...], warmup, pauseMs }; sends back
// { known: [ms...], unknown: [ms...] } (warm-up pairs not counted).
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const { url, pairs, warmup, pauseMs } = await new Promise((resolve) =>
  process.once('message', resolve),
);
const ask = async (email) => {
  const started = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  await res.text();
  const took = performance.now() - started;
  if (res.status !== 200) throw new Error(`answered ${res.status} for ${email}`);
  return took;
};
const times = { known: [], unknown: [] };
for (const [i, [known, unknown]] of pairs.entries()) {
  // Alternate which kind goes first, so neither always follows the other.
  const order = i % 2 === 0 ? ['known', 'unknown'] : ['unknown', 'known'];
  for (const kind of order) {
    const took = await ask(kind === 'known' ? known : unknown);
    if (i >= warmup) times[kind].push(took);
    // Time for the mail an answer kicked off to go before the next request.
    await sleep(pauseMs);
  }
}
process.send(times, () => process.exit(0));
