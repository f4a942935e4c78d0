/**
 * What the load saw: every HTTP attempt by kind and outcome, the answers that acknowledged a
 * write (to look up in the database at the end), and the replays of idempotent requests.
 *
 * An outcome's label: the status for an app answer ('200', '503' …; app answers carry
 * X-Request-Id), `lb-<status>` for the balancer's own pages (HAProxy's 502/503/504 carry no
 * X-Request-Id), 'conn-error' or 'timeout' when no answer came at all.
 */
export type Attempt = {
  kind: string;
  method: string;
  path: string;
  label: string;
  status: number | null;
  fromApp: boolean;
  startedAt: number;
  endedAt: number;
  requestId?: string;
  /** A short excerpt of the body, for the report of unexpected answers. */
  excerpt?: string;
};

/** An answer that said a write happened: each is looked up in the database at the end. */
export type Ack =
  | { what: 'user'; userName: string }
  | { what: 'purchase'; id: string; reference: string; userName: string; status: number }
  | { what: 'transfer'; id: string; reference: string }
  | { what: 'withdrawal'; id: string; reference: string }
  | { what: 'coupon-issued'; code: string; userName: string }
  | { what: 'coupon-redeemed'; code: string; userName: string }
  | { what: 'refund'; id: string };

export type Recorder = ReturnType<typeof createRecorder>;

export const createRecorder = () => {
  const counts = new Map<string, Map<string, number>>();
  const latencies = new Map<string, number[]>();
  const unusual: Attempt[] = [];
  /** The first answer of each kind and label, to see what a status meant (SOAK_VERBOSE=1). */
  const examples = new Map<string, Attempt>();
  const acks: Ack[] = [];
  const replays = { checked: 0, mismatches: [] as string[] };
  const retries = { sent: 0, recoveredByReplay: 0, gaveUp: [] as string[] };
  let total = 0;

  return {
    attempt(a: Attempt) {
      total += 1;
      const byLabel = counts.get(a.kind) ?? new Map<string, number>();
      byLabel.set(a.label, (byLabel.get(a.label) ?? 0) + 1);
      counts.set(a.kind, byLabel);
      if (a.status !== null) {
        const list = latencies.get(a.kind) ?? [];
        list.push(a.endedAt - a.startedAt);
        latencies.set(a.kind, list);
      }
      if (!examples.has(`${a.kind} ${a.label}`)) examples.set(`${a.kind} ${a.label}`, a);
      // Kept whole only when it may need explaining: a 5xx, a balancer page, no answer.
      if (a.status === null || a.status >= 500 || !a.fromApp) unusual.push(a);
    },
    ack(a: Ack) {
      acks.push(a);
    },
    replayChecked(mismatch?: string) {
      replays.checked += 1;
      if (mismatch) replays.mismatches.push(mismatch);
    },
    retried() {
      retries.sent += 1;
    },
    recoveredByReplay() {
      retries.recoveredByReplay += 1;
    },
    gaveUp(what: string) {
      retries.gaveUp.push(what);
    },
    get total() {
      return total;
    },
    counts,
    latencies,
    unusual,
    examples,
    acks,
    replays,
    retries,
  };
};
