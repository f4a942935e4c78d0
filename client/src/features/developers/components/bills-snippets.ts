import type { TSnippet } from './guide-snippets';

/** The guide's cable TV, exam PIN and e-PIN tasks, in curl and JavaScript (guide-snippets.ts). */

const authHeader = '"x-auth-token: $VENDO_TOKEN"';

export const billsSnippets = (base: string) => {
  const cable: TSnippet = {
    curl: `# 1. Check the smartcard: the owner, the bouquet, the due date and a quote for 15 minutes
curl -X POST ${base}/cable/verify \\
  -H ${authHeader} \\
  -H "Content-Type: application/json" \\
  -d '{"provider": "dstv", "smartcardNumber": "1212121212"}'

# 2a. Renew the current bouquet: the quote's renewalAmount is charged, nothing else
curl -X POST ${base}/buy/cable \\
  -H ${authHeader} \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"provider": "dstv", "smartcardNumber": "1212121212", "phone": "08031234567", "subscriptionType": "renew", "quoteId": "'$QUOTE_ID'"}'

# 2b. Or change the bouquet (codes from GET /cable/plans?provider=dstv)
curl -X POST ${base}/buy/cable \\
  -H ${authHeader} \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"provider": "dstv", "smartcardNumber": "1212121212", "phone": "08031234567", "subscriptionType": "change", "planCode": "dstv-confam"}'`,
    js: `const headers = {
  'x-auth-token': process.env.VENDO_TOKEN,
  'Content-Type': 'application/json',
};
const card = { provider: 'dstv', smartcardNumber: '1212121212' };

const check = await fetch('${base}/cable/verify', {
  method: 'POST',
  headers,
  body: JSON.stringify(card),
});
if (!check.ok) throw new Error((await check.json()).msg);
const { customerName, currentBouquet, dueDate, renewalAmount, quoteId } = await check.json();

const res = await fetch('${base}/buy/cable', {
  method: 'POST',
  headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
  body: JSON.stringify({ ...card, phone: '08031234567', subscriptionType: 'renew', quoteId }),
});
const { msg, receipt } = await res.json(); // receipt.trans_Type === 'cable'`,
  };

  const exam: TSnippet = {
    curl: `# Prices for your tier
curl ${base}/exam/products -H ${authHeader}

# Two WAEC result checker PINs: they come back in receipt.pins
curl -X POST ${base}/buy/exam \\
  -H ${authHeader} \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"product": "waec", "quantity": 2, "phone": "08031234567"}'

# JAMB: verify the candidate's profile code first, then buy with the quote
curl -X POST ${base}/exam/verify \\
  -H ${authHeader} \\
  -H "Content-Type: application/json" \\
  -d '{"product": "jamb-utme", "profileId": "0123456789"}'`,
    js: `const res = await fetch('${base}/buy/exam', {
  method: 'POST',
  headers: {
    'x-auth-token': process.env.VENDO_TOKEN,
    'Content-Type': 'application/json',
    'Idempotency-Key': crypto.randomUUID(),
  },
  body: JSON.stringify({ product: 'waec', quantity: 2, phone: '08031234567' }),
});
const { receipt } = await res.json();
// The PINs are yours alone: GET /transaction/{id} shows them again to this account only.
for (const { pin, serial } of receipt.pins ?? []) console.log(pin, serial);`,
  };

  const epin: TSnippet = {
    curl: `# Card values and your price per card
curl ${base}/epin/products -H ${authHeader}

# Twenty MTN ₦100 cards to print: they come back in receipt.pins (pin, serial)
curl -X POST ${base}/buy/epin \\
  -H ${authHeader} \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"network": "MTN", "value": 100, "quantity": 20}'`,
    js: `const res = await fetch('${base}/buy/epin', {
  method: 'POST',
  headers: {
    'x-auth-token': process.env.VENDO_TOKEN,
    'Content-Type': 'application/json',
    'Idempotency-Key': crypto.randomUUID(),
  },
  body: JSON.stringify({ network: 'MTN', value: 100, quantity: 20 }),
});
const { receipt } = await res.json();
// Fewer cards delivered than ordered: you pay for those, the rest is back in your wallet.
if (receipt.details?.delivered !== undefined) console.log('refunded', receipt.details.undeliveredRefund);
for (const { pin, serial } of receipt.pins ?? []) console.log(\`*555*\${pin}#\`, serial);`,
  };

  const bulk: TSnippet = {
    curl: `# Check and price every line first: nothing is charged
curl -X POST ${base}/buy/bulk \\
  -H ${authHeader} \\
  -H "Content-Type: application/json" \\
  -d '{"kind": "airtime", "preview": true, "items": [
        {"network": "MTN", "mobile_number": "08031234567", "amount": 500},
        {"network": "GLO", "mobile_number": "08051234567", "amount": 200}]}'

# Then start it (202 with batchId) and follow it
curl -X POST ${base}/buy/bulk \\
  -H ${authHeader} \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"kind": "airtime", "items": [...the same items...]}'
curl ${base}/buy/bulk/BATCH_ID -H ${authHeader}`,
    js: `const items = staff.map((s) => ({ network: s.network, mobile_number: s.phone, amount: 500 }));
const start = await fetch('${base}/buy/bulk', {
  method: 'POST',
  headers: {
    'x-auth-token': process.env.VENDO_TOKEN,
    'Content-Type': 'application/json',
    'Idempotency-Key': crypto.randomUUID(),
  },
  body: JSON.stringify({ kind: 'airtime', items }),
});
if (start.status !== 202) throw new Error((await start.json()).msg); // e.g. "Line 3: ..."
const { batchId } = await start.json();
// Or wait for the bulk.completed webhook.
let batch;
do {
  await new Promise((r) => setTimeout(r, 2000));
  batch = await (await fetch(\`${base}/buy/bulk/\${batchId}\`, {
    headers: { 'x-auth-token': process.env.VENDO_TOKEN },
  })).json();
} while (!batch.finishedAt);
console.log(batch.success, 'delivered', batch.failed, 'failed');`,
  };

  return { cable, exam, epin, bulk };
};
