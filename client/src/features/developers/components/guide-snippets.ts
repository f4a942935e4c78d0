/**
 * The guide's code: each task in curl and in JavaScript (fetch, Node 18+ or a browser), written
 * for the address the page is served from.
 */

export type TSnippet = { curl: string; js: string };

const authHeader = '"x-auth-token: $VENDO_TOKEN"';

export const snippets = (base: string) => {
  const buyData: TSnippet = {
    curl: `curl -X POST ${base}/buy/data \\
  -H ${authHeader} \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"network": 1, "mobile_number": "08031234567", "plan": "2"}'`,
    js: `const res = await fetch('${base}/buy/data', {
  method: 'POST',
  headers: {
    'x-auth-token': process.env.VENDO_TOKEN,
    'Content-Type': 'application/json',
    'Idempotency-Key': crypto.randomUUID(),
  },
  body: JSON.stringify({ network: 1, mobile_number: '08031234567', plan: '2' }),
});
const answer = await res.json();
// 200 delivered · 202 pending (re-query it) · 400 PURCHASE_FAILED (already refunded)
console.log(res.status, answer.msg, answer.receipt?._id, answer.balance);`,
  };

  const buyAirtime: TSnippet = {
    curl: `curl -X POST ${base}/buy/airtime \\
  -H ${authHeader} \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"network": 2, "mobile_number": "08051234567", "amount": 500}'`,
    js: `const res = await fetch('${base}/buy/airtime', {
  method: 'POST',
  headers: {
    'x-auth-token': process.env.VENDO_TOKEN,
    'Content-Type': 'application/json',
    'Idempotency-Key': crypto.randomUUID(),
  },
  body: JSON.stringify({ network: 2, mobile_number: '08051234567', amount: 500 }),
});
const { msg, receipt, balance } = await res.json();`,
  };

  const electricity: TSnippet = {
    curl: `# 1. Check the meter and show the owner's name to the payer
curl -X POST ${base}/buy/validateMeter \\
  -H ${authHeader} \\
  -H "Content-Type: application/json" \\
  -d '{"meterNumber": "45012345678", "meterId": 18, "meterType": "prepaid"}'

# 2. Pay: amount + ₦50 is charged; the token comes back once delivered
curl -X POST ${base}/buy/electricity \\
  -H ${authHeader} \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"meterNumber": "45012345678", "meterId": 18, "meterType": "prepaid", "amount": 5000, "phone": "08031234567"}'`,
    js: `const headers = {
  'x-auth-token': process.env.VENDO_TOKEN,
  'Content-Type': 'application/json',
};
const meter = { meterNumber: '45012345678', meterId: 18, meterType: 'prepaid' };

const check = await fetch('${base}/buy/validateMeter', {
  method: 'POST',
  headers,
  body: JSON.stringify(meter),
});
if (!check.ok) throw new Error((await check.json()).msg); // e.g. INVALID METER NUMBER
const { name, address } = await check.json();

const res = await fetch('${base}/buy/electricity', {
  method: 'POST',
  headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
  body: JSON.stringify({ ...meter, amount: 5000, phone: '08031234567' }),
});
const { token, receipt } = await res.json(); // token is null while pending`,
  };

  const requery: TSnippet = {
    curl: `curl ${base}/transaction/$TRANSACTION_ID -H ${authHeader}`,
    js: `// After a 202: ask again until the purchase settles (or wait for the webhook).
const requery = async (id) => {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const res = await fetch(\`${base}/transaction/\${id}\`, {
      headers: { 'x-auth-token': process.env.VENDO_TOKEN },
    });
    const { transaction } = await res.json();
    if (!['pending', 'processing'].includes(transaction.trans_Status)) return transaction;
    await new Promise((resolve) => setTimeout(resolve, 15_000));
  }
  return null; // still pending: we keep re-querying the supplier; never refunded blind
};`,
  };

  const idempotency: TSnippet = {
    curl: `KEY=$(uuidgen)   # one key per purchase, kept with your order
curl -X POST ${base}/buy/data -H ${authHeader} -H "Idempotency-Key: $KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"network": 1, "mobile_number": "08031234567", "plan": "2"}'
# The connection dropped? Send the very same request with the same key:
# you get the first answer back and are charged once.`,
    js: `const order = { network: 1, mobile_number: '08031234567', plan: '2' };
const key = crypto.randomUUID(); // store it with the order before the first try

const buy = () =>
  fetch('${base}/buy/data', {
    method: 'POST',
    headers: {
      'x-auth-token': process.env.VENDO_TOKEN,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body: JSON.stringify(order),
  });

let res;
try {
  res = await buy();
} catch {
  res = await buy(); // safe: same key, same body → the first answer, one purchase
}`,
  };

  const webhookVerify = `import crypto from 'node:crypto';
import express from 'express';

const app = express();

// Verify over the raw bytes: parse the JSON only after the signature matches.
app.post('/vendo/webhook', express.raw({ type: 'application/json' }), (req, res) => {
  const timestamp = req.get('Vendo-Webhook-Timestamp') ?? '';
  const signature = req.get('Vendo-Webhook-Signature') ?? ''; // "v1=<hex>"
  const expected =
    'v1=' +
    crypto
      .createHmac('sha256', process.env.VENDO_WEBHOOK_SECRET)
      .update(timestamp + '.' + req.body.toString('utf8'))
      .digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
  const same =
    signature.length === expected.length &&
    crypto.timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
  if (!fresh || !same) return res.status(400).send('bad signature');

  const event = JSON.parse(req.body.toString('utf8'));
  // event.id is stable across retries: ignore an id you have already handled.
  console.log(event.type, event.receipt.trans_Status);
  res.sendStatus(200);
});

app.listen(8080);`;

  return { buyData, buyAirtime, electricity, requery, idempotency, webhookVerify };
};

export const authSnippet = (base: string): TSnippet => ({
  curl: `# A session token from login (or an API token from your account page)
curl ${base}/auth -H ${authHeader}

# API tokens may also go in the Authorization header
curl ${base}/auth -H "Authorization: Token $VENDO_TOKEN"`,
  js: `const res = await fetch('${base}/auth', {
  headers: { Authorization: \`Token \${process.env.VENDO_TOKEN}\` },
});
const { user } = await res.json();
console.log('Balance: ₦' + user.balance);`,
});
