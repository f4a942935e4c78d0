import { randomUUID } from 'node:crypto';
import { AIRTIME_NETWORK_CODES, DATA_NETWORK_CODES, NETWORKS } from '@vendo/shared/constants';
import { SANDBOX_TRIGGER_ENDINGS } from '../src/sandbox/vending/sandbox-simulator.ts';
import type { Answer, Call, Client } from './client.ts';
import { koboOf, type SoakUser, type World } from './load-setup.ts';
import type { Random } from './random.ts';
import type { Recorder } from './recorder.ts';

/** The mix: each worker picks its next action by these weights. */
const ACTIONS = {
  buyData: 30,
  buyAirtime: 18,
  transfer: 14,
  withdraw: 6,
  coupon: 5,
  staff: 6,
  read: 8,
  replay: 6,
} as const;

/** Share of money requests that carry an Idempotency-Key. */
const KEYED_SHARE = 0.4;
/** A user below this gets ₦100,000 from the house before spending. */
const LOW_BALANCE_KOBO = 30_000_00;

/** The sandbox triggers by the last four digits, and how often each is dialled. */
const PHONE_ENDINGS = { plain: 55, '0000': 9, '1111': 9, '2222': 9, '3333': 9, '4444': 9 };
const ACCOUNT_ENDINGS = { plain: 70, '0000': 10, '1111': 10, '2222': 10 };
/** A plain number avoids every ending the sandboxes act on (suppliers' and Squad's payouts). */
const TRIGGERS = [...new Set([...SANDBOX_TRIGGER_ENDINGS, ...Object.keys(ACCOUNT_ENDINGS)])];

/** JSON with keys sorted (a stored answer comes back from jsonb in another key order). */
/** The purchase an answer's receipt names, if it names one. */
const receiptId = (body: unknown): unknown =>
  (body as { receipt?: { _id?: unknown } } | null)?.receipt?._id;

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );

type Remembered = { call: Call; status: number; body: unknown };

/**
 * Drives the mixed load through the balancer: `concurrency` workers, each doing one action after
 * another until `until` (and at most `maxRequests` requests in all). Every answer that
 * acknowledges a write is recorded for the checks; keyed answers are kept to replay.
 */
export const runLoad = async ({
  client,
  recorder,
  random,
  world,
  concurrency,
  until,
  maxRequests,
}: {
  client: Client;
  recorder: Recorder;
  random: Random;
  world: World;
  concurrency: number;
  until: number;
  maxRequests: number;
}): Promise<void> => {
  // Retries of a request started before the end may go on a little after it.
  const stopRetryingAt = until + 30_000;
  const send = (call: Call) => client.send(call, { stopRetryingAt });
  const key = () => (random.chance(KEYED_SHARE) ? randomUUID() : undefined);
  const replayPool: Remembered[] = [];
  const admin = world.adminToken;

  const digits = (n: number) => Array.from({ length: n }, () => random.int(0, 9)).join('');
  const ending = (weights: Record<string, number>) => {
    const choice = random.weighted(weights);
    if (choice !== 'plain') return choice;
    for (;;) {
      const last = digits(4);
      if (!TRIGGERS.includes(last)) return last;
    }
  };
  const phone = () => `080${digits(4)}${ending(PHONE_ENDINGS)}`;
  const accountNumber = () => `01${digits(4)}${ending(ACCOUNT_ENDINGS)}`;

  /** Keeps a first answer to a keyed request, to send the same request again later. */
  const remember = (call: Call, answer: Answer) => {
    if (!call.key || !answer.fromApp || answer.replayed) return;
    if (answer.status === null || answer.status >= 300) return;
    if (replayPool.length >= 500) replayPool.splice(random.int(0, replayPool.length - 1), 1);
    replayPool.push({ call, status: answer.status, body: answer.body });
  };
  const noteBalance = (user: SoakUser, answer: Answer) => {
    const kobo = answer.fromApp ? koboOf(answer.body?.balance) : null;
    if (kobo !== null) user.balanceKobo = kobo;
  };
  /** An answer that carries a receipt: the write it names must be in the database. */
  const receiptOf = (answer: Answer): { id: string; reference: string } | null => {
    const receipt = answer.fromApp ? answer.body?.receipt : undefined;
    return receipt && typeof receipt._id === 'string'
      ? { id: receipt._id, reference: String(receipt.trans_Id) }
      : null;
  };

  const ensureFunds = async (user: SoakUser) => {
    if (user.balanceKobo >= LOW_BALANCE_KOBO) return;
    const call: Call = {
      kind: 'fund',
      method: 'POST',
      path: '/api/v1/auth/transferFund',
      token: admin,
      body: { userName: user.userName, amount: 100_000 },
      key: randomUUID(),
    };
    const answer = await send(call);
    const receipt = answer.status === 200 ? receiptOf(answer) : null;
    if (receipt) recorder.ack({ what: 'transfer', ...receipt });
    // The answer's balance is the sender's; the user's own is learnt from their next answer.
    if (answer.status === 200) user.balanceKobo += 100_000_00;
  };

  const buy = async (user: SoakUser, product: 'data' | 'airtime') => {
    await ensureFunds(user);
    const network = random.pick(NETWORKS);
    const body =
      product === 'data'
        ? {
            network: DATA_NETWORK_CODES[network],
            mobile_number: phone(),
            plan: random.pick(world.plans[network]),
          }
        : {
            network: AIRTIME_NETWORK_CODES[network],
            mobile_number: phone(),
            amount: random.int(100, 1500),
          };
    const requestKey = key();
    const call: Call = {
      kind: `buy-${product}`,
      method: 'POST',
      path: `/api/v1/buy/${product}`,
      token: user.token,
      body,
      ...(requestKey ? { key: requestKey } : {}),
    };
    const answer = await send(call);
    noteBalance(user, answer);
    remember(call, answer);
    const receipt = receiptOf(answer);
    if (receipt && answer.status !== null) {
      recorder.ack({
        what: 'purchase',
        ...receipt,
        userName: user.userName,
        status: answer.status,
      });
    } else if (requestKey && answer.status !== 400) {
      // No answer that names the purchase: a client asks for it by its request_id.
      await client.once({
        kind: 'lookup',
        method: 'GET',
        path: `/api/v1/transaction/${encodeURIComponent(requestKey)}`,
        token: user.token,
      });
    }
  };

  const transfer = async (user: SoakUser) => {
    await ensureFunds(user);
    const others = world.users.filter((u) => u !== user);
    const requestKey = key();
    const call: Call = {
      kind: 'transfer',
      method: 'POST',
      path: '/api/v1/auth/transferFund',
      token: user.token,
      body: { userName: random.pick(others).userName, amount: random.int(50, 1500) },
      ...(requestKey ? { key: requestKey } : {}),
    };
    const answer = await send(call);
    noteBalance(user, answer);
    remember(call, answer);
    const receipt = answer.status === 200 ? receiptOf(answer) : null;
    if (receipt) recorder.ack({ what: 'transfer', ...receipt });
  };

  const withdraw = async (user: SoakUser) => {
    await ensureFunds(user);
    const account = { bankCode: '000013', accountNumber: accountNumber() };
    const validated = await client.once({
      kind: 'withdraw-validate',
      method: 'POST',
      path: '/api/v1/withdraw/validate',
      token: user.token,
      body: account,
    });
    // Now and then a client sends the withdrawal anyway: it must be refused cleanly.
    if (validated.status !== 200 && !random.chance(0.2)) return;
    const requestKey = key();
    const call: Call = {
      kind: 'withdraw',
      method: 'POST',
      path: '/api/v1/withdraw',
      token: user.token,
      body: { ...account, amount: random.int(100, 3000) },
      ...(requestKey ? { key: requestKey } : {}),
    };
    const answer = await send(call);
    noteBalance(user, answer);
    remember(call, answer);
    const receipt = receiptOf(answer);
    if (receipt) recorder.ack({ what: 'withdrawal', ...receipt });
  };

  const coupon = async (user: SoakUser) => {
    const issueKey = key();
    const issue: Call = {
      kind: 'coupon-issue',
      method: 'POST',
      path: '/api/v1/admin/generateCoupon',
      token: admin,
      body: { userAccount: user.userName, amount: random.int(100, 5000) },
      ...(issueKey ? { key: issueKey } : {}),
    };
    const issued = await send(issue);
    remember(issue, issued);
    if (issued.status !== 201 || !issued.fromApp) return;
    const code = String(issued.body?.couponCode);
    recorder.ack({ what: 'coupon-issued', code, userName: user.userName });
    const redeemKey = key();
    const redeem: Call = {
      kind: 'coupon-redeem',
      method: 'POST',
      path: '/api/v1/fundWallet/coupon',
      token: user.token,
      body: { userName: user.userName, coupon: code },
      ...(redeemKey ? { key: redeemKey } : {}),
    };
    const redeemed = await send(redeem);
    noteBalance(user, redeemed);
    remember(redeem, redeemed);
    if (redeemed.status === 200 && redeemed.fromApp) {
      recorder.ack({ what: 'coupon-redeemed', code, userName: user.userName });
    }
  };

  /**
   * Staff work the pending queue: a re-query, or a refund (granted only on a definite failure);
   * a withdrawal in the queue is asked about again with the withdrawal re-query.
   */
  const staff = async () => {
    const queue = await client.once({
      kind: 'pending-queue',
      method: 'GET',
      path: '/api/v1/admin/pending',
      token: admin,
    });
    const pending = (queue.status === 200 ? queue.body?.transactions : null) as
      { _id: string; trans_Network: string }[] | null;
    if (!pending?.length) return;
    const target = random.pick(pending);
    const requestKey = key();
    if (target.trans_Network === 'Withdrawal') {
      const call: Call = {
        kind: 'requery-withdrawal',
        method: 'POST',
        path: '/api/v1/admin/reQueryWithdrawal',
        token: admin,
        body: { transactionId: target._id },
        ...(requestKey ? { key: requestKey } : {}),
      };
      remember(call, await send(call));
      return;
    }
    const refund = random.chance(0.5);
    const call: Call = {
      kind: refund ? 'refund' : 'requery',
      method: 'POST',
      path: `/api/v1/admin/${refund ? 'refund' : 'requery'}/${target._id}`,
      token: admin,
      body: {},
      ...(requestKey ? { key: requestKey } : {}),
    };
    const answer = await send(call);
    remember(call, answer);
    if (refund && answer.status === 200 && answer.fromApp) {
      recorder.ack({ what: 'refund', id: target._id });
    }
  };

  const read = async (user: SoakUser) => {
    const profile = random.chance(0.5);
    const answer = await client.once({
      kind: 'read',
      method: 'GET',
      path: profile ? '/api/v1/auth' : '/api/v1/transaction?page=1',
      token: user.token,
    });
    if (profile && answer.status === 200) {
      const kobo = koboOf(answer.body?.user?.balance);
      if (kobo !== null) user.balanceKobo = kobo;
    }
  };

  /**
   * The same keyed request again: the first answer, marked replayed, and nothing done twice.
   * Sent as a client sends a keyed request: again after a 503 or a 409 "in progress" (an answer
   * the database could not keep while it was away is kept once it is back; until then the key
   * is in progress), so only the answer it ends with is judged.
   */
  const replay = async () => {
    if (replayPool.length === 0) return;
    const first = random.pick(replayPool);
    const answer = await send({ ...first.call, kind: 'replay' });
    // Not an answer about the key (the service was briefly away): nothing to compare.
    if (!answer.fromApp || answer.status === null || answer.status >= 500) return;
    const what = `${first.call.method} ${first.call.path} key ${first.call.key}`;
    if (!answer.replayed) {
      recorder.replayChecked(
        `${what}: answered ${answer.status} without Idempotent-Replayed (${String(answer.body?.msg ?? '')})`,
      );
    } else if (answer.rebuilt) {
      // The first answer was never stored (the database was away when it was sent), so the
      // replay tells the request's state now: the same purchase, where it stood or settled since.
      const same = receiptId(answer.body) === receiptId(first.body);
      const status =
        answer.status === first.status ||
        (first.status === 202 && [200, 400].includes(answer.status));
      recorder.replayChecked(
        same && status
          ? undefined
          : `${what}: rebuilt ${answer.status} (receipt ${String(receiptId(answer.body))}), first answer ${first.status} (receipt ${String(receiptId(first.body))})`,
      );
    } else if (answer.status !== first.status || canonical(answer.body) !== canonical(first.body)) {
      recorder.replayChecked(
        `${what}: replayed ${answer.status} ${canonical(answer.body).slice(0, 400)}, first answer ${first.status} ${canonical(first.body).slice(0, 400)}`,
      );
    } else {
      recorder.replayChecked();
    }
  };

  const worker = async () => {
    while (Date.now() < until && recorder.total < maxRequests) {
      const user = random.pick(world.users);
      switch (random.weighted(ACTIONS)) {
        case 'buyData':
          await buy(user, 'data');
          break;
        case 'buyAirtime':
          await buy(user, 'airtime');
          break;
        case 'transfer':
          await transfer(user);
          break;
        case 'withdraw':
          await withdraw(user);
          break;
        case 'coupon':
          await coupon(user);
          break;
        case 'staff':
          await staff();
          break;
        case 'read':
          await read(user);
          break;
        case 'replay':
          await replay();
          break;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
};
