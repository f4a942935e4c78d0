import { createHash, randomBytes } from 'node:crypto';
import express, { Router, type Request } from 'express';
import { billstackSignature } from '../../providers/payments/billstack.ts';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A local BillStack: account generation in its wire format (Bearer secret), and a page/route that
 * simulates a bank transfer into a reserved account by sending the deposit webhook, signed as
 * BillStack does, to the app that serves it. Never mounted in production.
 */
export const billstackSandboxRoutes = ({ secretKey }: { secretKey: string }): Router => {
  const router = Router();
  const ownUrl = (req: Request) => `${req.protocol}://${req.get('host')}`;

  router.post('/v2/thirdparty/generateVirtualAccount/', express.json(), (req, res) => {
    if (req.get('authorization') !== `Bearer ${secretKey}`) {
      res.status(401).json({ status: false, message: 'Unauthorized' });
      return;
    }
    const body = (req.body ?? {}) as { reference?: unknown; firstName?: unknown; bank?: unknown };
    if (typeof body.reference !== 'string' || typeof body.firstName !== 'string') {
      res.status(400).json({ status: false, message: 'reference and firstName are required' });
      return;
    }
    // Deterministic per reference: asking twice gives the same account, as a real provider would.
    const digits = BigInt(
      `0x${createHash('sha256').update(body.reference).digest('hex').slice(0, 12)}`,
    )
      .toString()
      .slice(-9)
      .padStart(9, '0');
    const bank = String(body.bank ?? 'PALMPAY').toUpperCase();
    res.json({
      status: true,
      message: 'Account created',
      data: {
        reference: body.reference,
        account: [
          {
            account_number: `8${digits}`,
            account_name: `Vendo-${body.firstName}`,
            bank_name: bank === '9PSB' ? '9PSB' : 'PALMPAY',
            bank_id: bank,
          },
        ],
      },
    });
  });

  /** Simulates a customer's bank transfer into a reserved account. */
  router.post(
    '/deposit',
    express.urlencoded({ extended: false }),
    express.json(),
    async (req, res) => {
      const { accountNumber, amount } = (req.body ?? {}) as {
        accountNumber?: unknown;
        amount?: unknown;
      };
      if (
        typeof accountNumber !== 'string' ||
        !/^\d{10}$/.test(accountNumber) ||
        !/^\d+(\.\d{1,2})?$/.test(String(amount ?? ''))
      ) {
        res.status(400).json({ msg: 'accountNumber (10 digits) and amount (naira) are required' });
        return;
      }
      const wiaxyRef = `WX${Date.now()}${randomBytes(3).toString('hex')}`;
      const payload = {
        event: 'PAYMENT_NOTIFIFICATION',
        data: {
          type: 'RESERVED_ACCOUNT_TRANSACTION',
          reference: `R-${wiaxyRef}`,
          merchant_reference: `M-${wiaxyRef}`,
          wiaxy_ref: wiaxyRef,
          amount: String(amount),
          created_at: new Date().toISOString(),
          account: { account_number: accountNumber },
          payer: { account_number: '0123456789', first_name: 'Sandbox', last_name: 'Payer' },
        },
      };
      const delivery = await fetch(`${ownUrl(req)}/api/v1/webhooks/billstack`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-wiaxy-signature': billstackSignature(secretKey),
        },
        body: JSON.stringify(payload),
      }).catch(() => null);
      const answer = delivery
        ? await delivery.json().catch(() => ({}))
        : { msg: 'webhook not delivered' };
      if (req.is('application/x-www-form-urlencoded')) {
        res
          .type('html')
          .send(
            `<p>Deposit sent (${escapeHtml(wiaxyRef)}): ${escapeHtml(JSON.stringify(answer))}</p><p><a href="/sandbox/billstack">Another</a> · <a href="/profile">Back to Vendo</a></p>`,
          );
        return;
      }
      res.status(delivery?.status ?? 502).json({ wiaxyRef, webhook: answer });
    },
  );

  router.get('/', (_req, res) => {
    res.type('html')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox bank transfer</title>
<style>body{font-family:system-ui,sans-serif;max-width:420px;margin:0 auto;padding:24px 16px;color:#10231b}label{display:block;margin:12px 0 4px;font-weight:600}input{width:100%;min-height:44px;font-size:16px;padding:0 10px;box-sizing:border-box}button{width:100%;min-height:48px;margin-top:16px;background:#0b6b4b;color:#fff;border:0;border-radius:10px;font-size:16px;font-weight:600}</style></head>
<body><h1>Sandbox bank transfer</h1><p>Sends money into a reserved account number, as a customer's bank would.</p>
<form method="post" action="/sandbox/billstack/deposit"><label for="acct">Reserved account number</label><input id="acct" name="accountNumber" inputmode="numeric" required>
<label for="amt">Amount (₦)</label><input id="amt" name="amount" inputmode="decimal" required><button type="submit">Send transfer</button></form></body></html>`);
  });
  return router;
};
