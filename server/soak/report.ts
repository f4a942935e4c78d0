import type { InvariantResult } from '../src/modules/ledger/ledger.invariants.ts';
import type { ChaosLog } from './chaos.ts';
import type { BooksCheck } from './checks.ts';
import type { Attempt, Recorder } from './recorder.ts';
import { percentile } from './util.ts';

export type Verdict = {
  lastLine: string;
  ok: boolean;
  lines: string[];
};

const list = (title: string, items: string[], max = 15) =>
  items.length === 0
    ? []
    : [
        `${title}:`,
        ...items.slice(0, max).map((i) => `  - ${i}`),
        ...(items.length > max ? [`  … and ${items.length - max} more`] : []),
      ];

const describe = (a: Attempt, since: number) =>
  `${((a.startedAt - since) / 1000).toFixed(1)}–${((a.endedAt - since) / 1000).toFixed(1)} s ${a.method} ${a.path} → ${a.label}${a.requestId ? ` (request ${a.requestId})` : ''}: ${(a.excerpt ?? '').replace(/\s+/g, ' ').slice(0, 160)}`;

/**
 * Sorts the unusual answers. A request in flight on a process killed with -9 is "cut by a kill"
 * (the client's outcome is unknown; it retries when it has a key): HAProxy answers it 502, or,
 * when it had sent it over a kept-alive server connection, closes the client's connection
 * without an answer (as a server closing an idle keep-alive connection would look). An app 5xx
 * other than 503, or a balancer 502/504 with no kill to explain it, counts as a 5xx; balancer
 * 503s (no process ready, as during a database restart) are counted apart, and so are answers
 * that never came for another reason, and GETs sent again after their connection closed.
 */
export const classify = (recorder: Recorder, chaos: ChaosLog) => {
  const killedAt = chaos.kills.map((k) => k.at);
  const inFlightAtKill = (a: Attempt) =>
    killedAt.some(
      (at) => a.startedAt <= at + 1000 && a.endedAt >= at - 100 && a.endedAt <= at + 15_000,
    );
  const cut: Attempt[] = [];
  const fiveHundreds: Attempt[] = [];
  const balancer503: Attempt[] = [];
  const noAnswer: Attempt[] = [];
  const sentAgain: Attempt[] = [];
  for (const a of recorder.unusual) {
    if (a.label === 'conn-error (GET, sent again)') sentAgain.push(a);
    else if (a.status === null)
      (a.label === 'conn-error' && inFlightAtKill(a) ? cut : noAnswer).push(a);
    else if (a.fromApp) {
      if (a.status >= 500 && a.status !== 503) fiveHundreds.push(a);
    } else if (a.status === 503) balancer503.push(a);
    else if (a.status === 502 && inFlightAtKill(a)) cut.push(a);
    else fiveHundreds.push(a);
  }
  return { cut, fiveHundreds, balancer503, noAnswer, sentAgain };
};

export const buildReport = ({
  recorder,
  chaos,
  books,
  invariants,
  crashes,
  timings,
}: {
  recorder: Recorder;
  chaos: ChaosLog;
  books: BooksCheck;
  invariants: InvariantResult[];
  crashes: string[];
  timings: Record<string, number>;
}): Verdict => {
  const lines: string[] = ['', 'soak summary'];
  const kinds = [...recorder.counts.keys()].sort();
  const width = Math.max(...kinds.map((k) => k.length));
  for (const kind of kinds) {
    const byLabel = [...recorder.counts.get(kind)!.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
    const ms = recorder.latencies.get(kind) ?? [];
    lines.push(
      `  ${kind.padEnd(width)}  ${byLabel.map(([l, n]) => `${l}: ${n}`).join('  ')}   p50 ${percentile(ms, 50)} ms, p99 ${percentile(ms, 99)} ms`,
    );
  }
  const { cut, fiveHundreds, balancer503, noAnswer, sentAgain } = classify(recorder, chaos);
  const since = timings.loadStartedAt!;
  const clock = (at: number) => `${((at - since) / 1000).toFixed(1)} s`;
  lines.push(
    `kills: ${chaos.kills.map((k) => `${k.app} at ${clock(k.at)} (back after ${(k.downMs / 1000).toFixed(1)} s)`).join(', ') || 'none'}`,
    `db restarts: ${chaos.restarts.map((r) => `${r.how} at ${clock(r.at)} (up after ${(r.downMs / 1000).toFixed(1)} s)`).join(', ') || 'none'}`,
    `retries with the same key: ${recorder.retries.sent}, answered by a replay of the first answer: ${recorder.retries.recoveredByReplay}, given up: ${recorder.retries.gaveUp.length}`,
    `replays checked: ${recorder.replays.checked}, wrong: ${recorder.replays.mismatches.length}`,
    `acknowledged writes checked: ${recorder.acks.length}, not found: ${books.missing.length}`,
    `purchases, ours: ${JSON.stringify(books.ours)}; the suppliers' orders: ${JSON.stringify(books.theirs)}`,
    `unsettled at the end: ${books.pending.purchases} purchase(s), ${books.pending.withdrawals} withdrawal(s)`,
    `balancer 503 (no process ready): ${balancer503.length}; no answer at all: ${noAnswer.length}; GETs sent again after their connection closed: ${sentAgain.length}`,
    `timings: setup ${timings.setupS} s, load ${timings.loadS} s (${(recorder.total / Math.max(1, timings.loadS!)).toFixed(0)} requests/s), settle ${timings.settleS} s, checks ${timings.checksS} s; seed ${timings.seed} (SOAK_SEED repeats the run's choices)`,
    ...list('retries given up', recorder.retries.gaveUp),
    ...list('replays wrong', recorder.replays.mismatches),
    ...list('acknowledged but not found', books.missing),
    ...list('disagreements with the suppliers', books.disagreements),
    ...list('purchases still unsettled', books.unsettled),
    ...list(
      'ledger invariants violated',
      invariants.filter((i) => i.violations > 0).map((i) => `${i.name}: ${i.violations}`),
    ),
    ...list('app processes that died on their own', crashes),
    ...list(
      'no answer',
      noAnswer.map((a) => describe(a, since)),
    ),
    ...list(
      '5xx',
      fiveHundreds.map((a) => describe(a, since)),
    ),
  );
  if (process.env.SOAK_VERBOSE === '1') {
    lines.push(
      ...list(
        'an example of each answer',
        [...recorder.examples.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([, a]) => describe(a, since)),
        1000,
      ),
    );
  }
  const invariantsOk = invariants.every((i) => i.violations === 0);
  const pending = books.pending.purchases + books.pending.withdrawals;
  const failures = [
    [fiveHundreds.length, '5xx'],
    [pending, 'unsettled'],
    [invariantsOk ? 0 : 1, 'ledger invariants violated'],
    [books.disagreements.length, 'disagreements with the suppliers'],
    [books.missing.length, 'acknowledged writes not found'],
    [recorder.replays.mismatches.length, 'replays wrong'],
    [crashes.length, 'app processes died on their own'],
    [noAnswer.length, 'requests without an answer'],
  ]
    .filter(([count]) => Number(count) > 0)
    .map(([count, what]) => `${count} ${what}`);
  const ok = failures.length === 0;
  lines.push(
    ok ? 'soak: all checks passed' : `soak: FAILED: ${failures.join(', ')}`,
    `cut by a kill (in flight on a process killed with -9; the client's outcome is unknown): ${cut.length} (${cut.filter((a) => a.status === 502).length} balancer 502, ${cut.filter((a) => a.status === null).length} connection closed by the balancer)`,
  );
  const lastLine = `soak: ${recorder.total} requests, ${chaos.kills.length} kills, ${chaos.restarts.length} db restarts, 5xx ${fiveHundreds.length}, pending ${pending}, invariants ${invariantsOk ? 'ok' : 'FAIL'}, disagreements ${books.disagreements.length}`;
  return { lastLine, ok, lines };
};
