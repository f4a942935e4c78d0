import { httpOrigin } from '../../lib/request-origin.ts';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import express, { Router, type Request } from 'express';
import type { Db } from '../../db/client.ts';
import { sandboxPayments, sandboxPayouts } from '../../db/schema/index.ts';
import { signSquadBody } from '../../providers/payments/squad.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const naira = (kobo: number) =>
  `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2 })}`;

/**
 * A local Squad: initiate and verify in Squad's wire format (Bearer secret), a checkout page with
 * Pay and Abandon, and Pay sends the signed `charge_successful` webhook to the app that serves it.
 * Never mounted in production.
 */
export const squadSandboxRoutes = ({
  db,
  secretKey,
  slowMs,
}: {
  db: Db;
  secretKey: string;
  slowMs: number;
}): Router => {
  const router = Router();
  const ownUrl = (req: Request) => `${req.protocol}://${req.get('host')}`;
  const bearer: express.RequestHandler = (req, res, next) => {
    if (req.get('authorization') !== `Bearer ${secretKey}`) {
      res.status(401).json({ status: 401, message: 'Unauthorized', success: false });
      return;
    }
    next();
  };

  router.post('/transaction/initiate', express.json(), bearer, async (req, res) => {
    const body = (req.body ?? {}) as {
      amount?: unknown;
      email?: unknown;
      transaction_ref?: unknown;
      callback_url?: unknown;
    };
    const amount = Number(body.amount);
    if (
      !Number.isSafeInteger(amount) ||
      amount <= 0 ||
      typeof body.email !== 'string' ||
      typeof body.transaction_ref !== 'string'
    ) {
      res.status(400).json({
        status: 400,
        message: 'amount (kobo), email and transaction_ref are required',
        success: false,
      });
      return;
    }
    await db
      .insert(sandboxPayments)
      .values({
        reference: body.transaction_ref,
        amountKobo: amount,
        email: body.email,
        callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
      })
      .onConflictDoNothing();
    res.json({
      status: 200,
      message: 'success',
      data: {
        checkout_url: `${ownUrl(req)}/sandbox/squad/checkout/${encodeURIComponent(body.transaction_ref)}`,
        transaction_ref: body.transaction_ref,
        transaction_amount: amount,
      },
    });
  });

  router.get('/transaction/verify/:ref', bearer, async (req, res) => {
    const [payment] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.reference, String(req.params.ref)));
    if (!payment) {
      res
        .status(400)
        .json({ status: 400, message: 'Invalid transaction reference', success: false });
      return;
    }
    res.json({
      status: 200,
      message: 'Success',
      data: {
        transaction_ref: payment.reference,
        transaction_status: payment.status,
        transaction_amount: payment.amountKobo,
        email: payment.email,
      },
    });
  });

  router.get('/checkout/:ref', async (req, res) => {
    const [payment] = await db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.reference, String(req.params.ref)));
    if (!payment) {
      res.status(404).type('html').send('<p>Unknown payment.</p>');
      return;
    }
    const ref = escapeHtml(payment.reference);
    // The Pay form's redirect goes to the merchant's callback, wherever the app was opened:
    // browsers apply form-action to that redirect too.
    const back = httpOrigin(payment.callbackUrl ?? undefined);
    const csp = res.getHeader('Content-Security-Policy');
    if (back && typeof csp === 'string') {
      res.setHeader(
        'Content-Security-Policy',
        csp.replace(/form-action ([^;]*)/, `form-action $1 ${back}`),
      );
    }
    res.type('html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox checkout</title>
<style>body{font-family:system-ui,sans-serif;background:#f3f6f4;margin:0;padding:24px 16px;color:#10231b}main{max-width:420px;margin:0 auto;background:#fff;border-radius:16px;padding:24px;box-shadow:0 4px 20px #0001}h1{font-size:20px;margin:0 0 4px}.amount{font-size:32px;font-weight:700;margin:16px 0}.meta{color:#51645b;font-size:14px;word-break:break-all}button{width:100%;min-height:48px;border-radius:10px;border:0;font-size:16px;font-weight:600;margin-top:12px;cursor:pointer}.pay{background:#0b6b4b;color:#fff}.abandon{background:#eef3f0;color:#10231b}.status{margin-top:12px;font-weight:600}</style></head>
<body><main><h1>Squad sandbox checkout</h1><p class="meta">No real money moves here.</p><div class="amount">${naira(payment.amountKobo)}</div>
<p class="meta">${escapeHtml(payment.email)}<br>Ref ${ref}</p>${
      payment.status === 'Pending'
        ? `<form method="post" action="/sandbox/squad/checkout/${ref}/pay"><button class="pay" type="submit">Pay ${naira(payment.amountKobo)}</button></form>
<form method="post" action="/sandbox/squad/checkout/${ref}/abandon"><button class="abandon" type="submit">Abandon</button></form>`
        : `<p class="status">This payment is ${escapeHtml(payment.status.toLowerCase())}.</p>`
    }</main></body></html>`);
  });

  const finish = (status: 'Success' | 'Abandoned') =>
    (async (req, res) => {
      const ref = String(req.params.ref);
      const [payment] = await db
        .update(sandboxPayments)
        .set({ status })
        .where(and(eq(sandboxPayments.reference, ref), eq(sandboxPayments.status, 'Pending')))
        .returning();
      if (payment && status === 'Success') {
        const body = JSON.stringify({
          Event: 'charge_successful',
          TransactionRef: payment.reference,
          Body: {
            amount: payment.amountKobo,
            transaction_ref: payment.reference,
            gateway_ref: `${payment.reference}_${randomBytes(4).toString('hex')}`,
            transaction_status: 'Success',
            email: payment.email,
            currency: 'NGN',
            transaction_type: 'Card',
            merchant_amount: payment.amountKobo,
            created_at: new Date().toISOString(),
            meta: {},
          },
        });
        // Delivered like Squad does: signed raw body; a failed delivery is for the merchant to recover via verify.
        await fetch(`${ownUrl(req)}/api/v1/webhooks/squad`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-squad-encrypted-body': signSquadBody(secretKey, body),
          },
          body,
        }).catch(() => undefined);
      }
      const [current] = await db
        .select()
        .from(sandboxPayments)
        .where(eq(sandboxPayments.reference, ref));
      res.redirect(303, current?.callbackUrl ?? '/profile');
    }) satisfies express.RequestHandler;

  // Payouts. Triggers by the account number's last four digits: 0000 no such account;
  // 1111 the transfer answer never comes in time, re-query says success; 2222 answers 424, then
  // re-query says failed (reversed); anything else is paid at once.
  router.post('/payout/account/lookup', express.json(), bearer, (req, res) => {
    const { account_number: accountNumber, bank_code: bankCode } = (req.body ?? {}) as Record<
      string,
      unknown
    >;
    if (
      typeof accountNumber !== 'string' ||
      !/^\d{10}$/.test(accountNumber) ||
      typeof bankCode !== 'string'
    ) {
      res.status(400).json({
        status: 400,
        message: 'bank_code and a 10-digit account_number are required',
        success: false,
      });
      return;
    }
    if (accountNumber.endsWith('0000')) {
      res.status(400).json({ status: 400, message: 'Account not found', success: false });
      return;
    }
    const names = ['ADAEZE OKAFOR', 'MUSA BELLO', 'TUNDE ADEYEMI', 'NGOZI EZE', 'FATIMA USMAN'];
    res.json({
      status: 200,
      message: 'success',
      data: {
        account_name: names[Number(accountNumber.slice(-1)) % names.length],
        account_number: accountNumber,
      },
    });
  });

  router.post('/payout/transfer', express.json(), bearer, async (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const reference = String(body.transaction_reference ?? '');
    const accountNumber = String(body.account_number ?? '');
    const amount = Number(body.amount);
    if (
      !reference ||
      !/^\d{10}$/.test(accountNumber) ||
      !Number.isSafeInteger(amount) ||
      amount <= 0
    ) {
      res.status(400).json({ status: 400, message: 'Invalid payout request', success: false });
      return;
    }
    const status = accountNumber.endsWith('2222') ? 'failed' : 'success';
    await db
      .insert(sandboxPayouts)
      .values({
        reference,
        accountNumber,
        bankCode: String(body.bank_code ?? ''),
        amountKobo: amount,
        status,
      })
      .onConflictDoNothing();
    if (accountNumber.endsWith('1111')) await new Promise((resolve) => setTimeout(resolve, slowMs));
    if (accountNumber.endsWith('2222')) {
      res
        .status(424)
        .json({ status: 424, message: 'Transaction timed out, please requery', success: false });
      return;
    }
    res.json({
      status: 200,
      message: 'success',
      data: { transaction_reference: reference, status: 'success' },
    });
  });

  router.post('/payout/requery', express.json(), bearer, async (req, res) => {
    const reference = String(
      ((req.body ?? {}) as Record<string, unknown>).transaction_reference ?? '',
    );
    const [payout] = await db
      .select()
      .from(sandboxPayouts)
      .where(eq(sandboxPayouts.reference, reference));
    if (!payout) {
      res.status(404).json({ status: 404, message: 'Transaction not found', success: false });
      return;
    }
    res.json({
      status: 200,
      message: 'success',
      data: {
        transaction_reference: reference,
        transaction_status: payout.status === 'failed' ? 'reversed' : 'success',
      },
    });
  });

  router.post('/checkout/:ref/pay', finish('Success'));
  router.post('/checkout/:ref/abandon', finish('Abandoned'));
  return router;
};
