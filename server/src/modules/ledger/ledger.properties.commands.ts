import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import { type TestUser } from '../../../test/factories/user.factory.ts';
import type { AppContext } from '../../app-context.ts';
import { queryRows } from '../../db/query.ts';
import { reconcileFundings } from '../funding/funding.service.ts';
import { reconcileOnce } from '../vending/reconciler.ts';
import { lagosToday, reconcileSuppliers } from '../vending/supplier-reconciliation.service.ts';
import { reconcileWithdrawals } from '../withdraw/withdraw.service.ts';
import { ACTORS, verbosity, tally, t, otherCtx, admin } from './ledger.properties.app.ts';
import { PURCHASE_TYPES_SQL } from '../../db/purchase-types.ts';

// ---------------------------------------------------------------------------------------------
// Commands

/** The sandbox's triggers (last four digits of the phone or meter); 1234 is a plain success. */
export const TRIGGERS = [
  '1234',
  '0000',
  '1111',
  '2222',
  '3333',
  '4444',
  '5555',
  '6666',
  '7777',
  '8888',
];
/** Sandbox Squad payouts: 6789 paid, 1111 no answer in time, 2222 failed, 0000 no account. */
export const ACCOUNTS = ['6789', '1111', '2222', '0000'];

export type Command =
  | { kind: 'fund'; actor: number; naira: number; then: 'pay' | 'abandon' | 'leave' }
  | {
      kind: 'buy';
      actor: number;
      product: 'airtime' | 'data' | 'electricity';
      trigger: string;
      naira: number;
      /**
       * Sent again with the same Idempotency-Key: at once (a double tap) or once answered (a
       * client retrying): either way one purchase.
       */
      again: 'no' | 'atOnce' | 'after';
    }
  | { kind: 'transfer'; actor: number; to: number; naira: number }
  | { kind: 'withdraw'; actor: number; account: string; naira: number }
  /** Staff: refund (a delivered one with a reason) or re-query the run's nth purchase. */
  | { kind: 'refund'; pick: number }
  | { kind: 'requery'; pick: number }
  /** An admin re-queries the run's nth withdrawal. */
  | { kind: 'requeryWithdrawal'; pick: number }
  /** The reconciler's pass in two processes at once, with every unsettled row due. */
  | { kind: 'reconcile' }
  /** Supplier reconciliation of today: finds the supplier's reversals and refunds them. */
  | { kind: 'reversals' };

/** A batch run at once, or a day passing between steps (the 24-hour rule comes due). */
export type Step = { kind: 'batch'; commands: Command[] } | { kind: 'dayPasses' };

export const actor = fc.nat({ max: ACTORS - 1 });
/** Naira in steps of ₦50: few values to shrink through. */
export const naira = (min: number, max: number) =>
  fc.integer({ min: min / 50, max: max / 50 }).map((n) => n * 50);
/** Which of the run's purchases (modulo how many there are). */
export const pick = fc.nat({ max: 15 });
export const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('fund' as const),
      actor,
      naira: naira(100, 5000),
      then: fc.constantFrom('pay' as const, 'abandon' as const, 'leave' as const),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      actor,
      product: fc.constantFrom('airtime' as const, 'data' as const, 'electricity' as const),
      trigger: fc.constantFrom(...TRIGGERS),
      naira: naira(100, 2000),
      again: fc.constantFrom('no' as const, 'atOnce' as const, 'after' as const),
    }),
    weight: 5,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      actor,
      // Anyone but the sender (the app refuses a transfer to oneself before any money moves).
      to: fc.nat({ max: ACTORS - 2 }),
      naira: naira(50, 3000),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      actor,
      account: fc.constantFrom(...ACCOUNTS),
      naira: naira(100, 3000),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant('refund' as const), pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('requery' as const), pick }), weight: 1 },
  {
    arbitrary: fc.record({ kind: fc.constant('requeryWithdrawal' as const), pick }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('reconcile' as const) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('reversals' as const) }), weight: 1 },
);
export const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('batch' as const),
      commands: fc.array(command, { minLength: 1, maxLength: 4 }),
    }),
    weight: 12,
  },
  { arbitrary: fc.record({ kind: fc.constant('dayPasses' as const) }), weight: 1 },
);
/** Each user's opening balance in naira (small, so money runs out and refusals happen). */
export const openings = fc.array(naira(0, 5000), {
  minLength: ACTORS,
  maxLength: ACTORS,
});
/** Sequences of at most `maxSteps` steps. */
export const stepsUpTo = (maxSteps: number) => fc.array(step, { maxLength: maxSteps });

// ---------------------------------------------------------------------------------------------
// The runner

export type Run = {
  users: TestUser[];
  openingKobo: number[];
  /** Net kobo moved by transfers the app answered 200, per user. */
  transferredKobo: number[];
};

export const PURCHASES = PURCHASE_TYPES_SQL;
export let serial = 0;
/** The prefix, three digits that change with each call, and the sandbox trigger. */
export const numberEnding = (prefix: string, trigger: string) => {
  serial += 1;
  return `${prefix}${String(serial % 1000).padStart(3, '0')}${trigger}`;
};

/** The app answered: anything but a server error (503 is allowed: a conflict past its retries). */
export const answered = <R extends { status: number; text: string; body?: unknown }>(
  res: R,
  what: string,
): R => {
  if (verbosity.verbose) {
    const msg = (res.body as { msg?: unknown } | undefined)?.msg;
    const text = typeof msg === 'string' ? ` ${msg.replace(/\d+/g, '#').slice(0, 60)}` : '';
    const label = `${what.split(' ')[0]} ${res.status}${text}`;
    tally.set(label, (tally.get(label) ?? 0) + 1);
  }
  if (res.status >= 500 && res.status !== 503) {
    throw new Error(`${what} answered ${res.status}: ${res.text.slice(0, 300)}`);
  }
  return res;
};

export const post = (path: string, user: TestUser, body: object, key: string = randomUUID()) =>
  t.request().post(path).set('x-auth-token', user.token).set('Idempotency-Key', key).send(body);

/** The run's purchases and withdrawals, oldest first, for staff to pick from. */
export type Picks = { purchases: string[]; withdrawals: string[] };
export const runPicks = async (run: Run): Promise<Picks> => {
  const rows = await queryRows<{ id: string; type: string }>(
    t.ctx.db,
    sql`select id, type from transactions
        where (type in ${PURCHASES} or (type = 'wallet' and network = 'Withdrawal'))
        and user_id in (${sql.join(
          run.users.map((u) => sql`${u.id}::uuid`),
          sql`, `,
        )})
        order by created_at, id`,
  );
  return {
    purchases: rows.filter((r) => r.type !== 'wallet').map((r) => r.id),
    withdrawals: rows.filter((r) => r.type === 'wallet').map((r) => r.id),
  };
};

/** A reconciler pass as jobs/background-jobs.ts runs it (without the idempotency-key cleanup). */
export const reconcilerPass = async (ctx: AppContext) => {
  await reconcileOnce(ctx);
  await reconcileWithdrawals(ctx);
  await reconcileFundings(ctx);
};

/** What a command does before its batch starts: nothing, except making rows due for a pass. */
export const prepare = async (c: Command) => {
  if (c.kind !== 'reconcile') return;
  await t.ctx.db.execute(
    sql`update transactions set next_check_at = now() - interval '1 second'
        where status in ('processing', 'pending')`,
  );
};

export const execute = async (run: Run, c: Command, picks: Picks): Promise<void> => {
  switch (c.kind) {
    case 'fund': {
      const user = run.users[c.actor]!;
      const res = answered(
        await post('/api/v1/fundWallet/squad/initiate', user, {
          amount: c.naira,
          email: user.email,
        }),
        'fund',
      );
      if (res.status !== 200 || c.then === 'leave') return;
      const ref = String(res.body.link).split('/').pop()!;
      // The customer on the sandbox checkout page; paying delivers Squad's signed webhook.
      await fetch(`${t.url}/sandbox/squad/checkout/${ref}/${c.then}`, {
        method: 'POST',
        redirect: 'manual',
      });
      return;
    }
    case 'buy': {
      const user = run.users[c.actor]!;
      const phone = numberEnding('0803', c.trigger);
      const [path, body] =
        c.product === 'airtime'
          ? ['/api/v1/buy/airtime', { network: 1, mobile_number: phone, amount: c.naira }]
          : c.product === 'data'
            ? ['/api/v1/buy/data', { network: 1, mobile_number: phone, plan: '2' }]
            : [
                '/api/v1/buy/electricity',
                {
                  meterNumber: numberEnding('123', c.trigger),
                  meterId: 18,
                  meterType: 'prepaid',
                  amount: Math.max(500, c.naira),
                },
              ];
      const key = randomUUID();
      const send = () => post(path, user, body, key);
      const answers = await Promise.all(c.again === 'atOnce' ? [send(), send()] : [send()]);
      if (c.again === 'after') answers.push(await send());
      for (const a of answers) answered(a, `buy ${c.product} ${c.trigger}`);
      const [{ n }] = (await queryRows<{ n: string }>(
        t.ctx.db,
        sql`select count(*) as n from transactions where user_id = ${user.id} and request_id = ${key}`,
      )) as [{ n: string }];
      expect(Number(n), 'one Idempotency-Key, at most one purchase').toBeLessThanOrEqual(1);
      return;
    }
    case 'transfer': {
      const from = run.users[c.actor]!;
      const toIndex = (c.actor + 1 + c.to) % ACTORS;
      const to = run.users[toIndex]!;
      const res = answered(
        await post('/api/v1/auth/transferFund', from, { userName: to.userName, amount: c.naira }),
        'transfer',
      );
      if (res.status === 200) {
        run.transferredKobo[c.actor]! -= c.naira * 100;
        run.transferredKobo[toIndex]! += c.naira * 100;
      }
      return;
    }
    case 'withdraw': {
      const user = run.users[c.actor]!;
      answered(
        await post('/api/v1/withdraw', user, {
          bankCode: '000013',
          accountNumber: numberEnding('012', c.account),
          amount: c.naira,
        }),
        'withdraw',
      );
      return;
    }
    case 'refund':
    case 'requery': {
      if (picks.purchases.length === 0) return;
      const id = picks.purchases[c.pick % picks.purchases.length]!;
      const path = `/api/v1/admin/${c.kind}/${id}`;
      const body = c.kind === 'refund' ? { reason: 'The customer says nothing arrived' } : {};
      answered(await post(path, admin, body), c.kind);
      return;
    }
    case 'requeryWithdrawal': {
      if (picks.withdrawals.length === 0) return;
      const transactionId = picks.withdrawals[c.pick % picks.withdrawals.length]!;
      answered(await post('/api/v1/admin/reQueryWithdrawal', admin, { transactionId }), c.kind);
      return;
    }
    case 'reconcile':
      await Promise.all([reconcilerPass(t.ctx), reconcilerPass(otherCtx)]);
      return;
    case 'reversals':
      await reconcileSuppliers(t.ctx, lagosToday());
      return;
  }
};

export const runStep = async (run: Run, s: Step) => {
  if (s.kind === 'dayPasses') {
    // Nothing is in flight between steps: every unsettled purchase is now a day old and due.
    await t.ctx.db.execute(
      sql`update transactions set created_at = created_at - interval '25 hours', next_check_at = now()
          where type in ${PURCHASES} and status in ('processing', 'pending')`,
    );
    return;
  }
  for (const c of s.commands) await prepare(c);
  const picks = await runPicks(run);
  await Promise.all(s.commands.map((c) => execute(run, c, picks)));
};
