import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { PublicHeader } from '@/components/layout/public-header';
import { useGetOpenApiQuery } from '../api/get-openapi.api';
import { ApiReference } from './api-reference';
import { CodeBlock, SnippetTabs } from './code-block';
import { billsSnippets } from './bills-snippets';
import { authSnippet, snippets } from './guide-snippets';
import '../developers.css';

const SANDBOX_TRIGGERS: [string, string][] = [
  ['0000', 'Fails at once: 400 PURCHASE_FAILED, refunded in the same answer'],
  ['1111', 'Pending (202), then success when re-queried'],
  ['2222', 'Pending (202), then failed and refunded'],
  ['3333', 'The supplier answers too late: pending (202), then success'],
  ['4444', 'The supplier answers HTTP 500: pending (202), then success'],
  [
    '5555',
    'The supplier answers about another number and amount: pending (202), not charged as a sale',
  ],
  ['6666', 'Success (200); the supplier reverses it later and your wallet is refunded'],
  ['7777', 'The supplier says it already has the order: re-queried at once, success (200)'],
  ['8888', 'Success (200); the supplier overcharges our float (an admin alert, nothing for you)'],
  ['anything else', 'Success (200)'],
];

const SECTIONS = [
  ['auth', 'Authentication'],
  ['buy-data', 'Buy data'],
  ['buy-airtime', 'Buy airtime'],
  ['electricity', 'Electricity'],
  ['requery', 'Re-query'],
  ['idempotency', 'Idempotency'],
  ['webhooks', 'Webhooks'],
  ['sandbox', 'Sandbox'],
  ['rate-limits', 'Rate limits'],
  ['errors', 'Errors'],
  ['reference', 'Reference'],
] as const;

/** /developers: the guide for API users and the reference, rendered from GET /openapi.json. */
export const DevelopersPage = () => {
  const { data: doc, isError, error } = useGetOpenApiQuery(undefined);
  useEffect(() => {
    if (isError) console.error('API reference failed to load', error);
  }, [isError, error]);

  const base = `${window.location.origin}/api/v1`;
  const code = snippets(base);
  const bills = billsSnippets(base);

  return (
    <>
      <title>Developers · Vendo</title>
      <PublicHeader />
      <main className="container page developers">
        <div className="page-heading">
          <h1>Vendo API</h1>
          <p className="muted">
            Sell airtime, data, electricity, cable TV, exam PINs and e-PINs from your own app or
            website, paid from your Vendo wallet. Every endpoint is under <code>{base}</code>; the
            machine-readable reference is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>{' '}
            (OpenAPI 3.1).
          </p>
        </div>

        <nav className="card dev-toc" aria-label="On this page">
          {SECTIONS.map(([id, label]) => (
            <a key={id} href={`#${id}`}>
              {label}
            </a>
          ))}
        </nav>

        <section id="auth" className="dev-section">
          <h2>Authentication</h2>
          <p>
            Send a token with every request in the <code>x-auth-token</code> header: the session
            token <code>POST /auth/login</code> answers, or an API token you create on your{' '}
            <Link to="/profile/user">account page</Link> (shown once; revoke it there at any time).
            An API token may also be sent as <code>Authorization: Token &lt;token&gt;</code>. API
            tokens work on the purchase, balance, plans and transaction routes, never on admin
            routes or to change your password. <code>GET /auth</code> answers your profile;{' '}
            <code>user.balance</code> is your wallet balance in naira.
          </p>
          <SnippetTabs title="Authentication" snippet={authSnippet(base)} />
        </section>

        <section id="buy-data" className="dev-section">
          <h2>Buy data</h2>
          <p>
            Networks: MTN <code>1</code>, GLO <code>2</code>, AIRTEL <code>3</code>, 9MOBILE{' '}
            <code>6</code>. <code>plan</code> is a plan <code>id</code> from{' '}
            <code>POST /prices {'{"network": "MTN"}'}</code>, priced for your account type. A
            purchase answers <strong>200</strong> delivered, <strong>202</strong> pending (we keep
            asking the supplier: re-query it or wait for your webhook), or{' '}
            <strong>400 PURCHASE_FAILED</strong> with the refund already made. Send{' '}
            <code>expectedAmount</code> (naira, on any purchase) with the charge your customer
            confirmed: if the price changed since, nothing is bought and the answer is{' '}
            <strong>409 PRICE_CHANGED</strong> with <code>currentAmount</code>; ask your customer
            again and send the new amount under a new <code>Idempotency-Key</code>.
          </p>
          <SnippetTabs title="Buy data" snippet={code.buyData} />
        </section>

        <section id="buy-airtime" className="dev-section">
          <h2>Buy airtime</h2>
          <p>
            Networks: MTN <code>1</code>, GLO <code>2</code>, AIRTEL <code>3</code>, 9MOBILE{' '}
            <code>4</code>. <code>amount</code> in naira, ₦100 to ₦50,000.
          </p>
          <SnippetTabs title="Buy airtime" snippet={code.buyAirtime} />
        </section>

        <section id="electricity" className="dev-section">
          <h2>Electricity</h2>
          <p>
            Validate the meter first and show the owner’s name to your customer, then pay.{' '}
            <code>meterId</code> is the disco (Ikeja 18, Ibadan 19, Eko 20, Port Harcourt 21, Kaduna
            22, Kano 23, Jos 24, Abuja 25, Enugu 26, Yola 28, Benin 29). Amount ₦500 to ₦500,000;
            amount + ₦50 is charged.
          </p>
          <SnippetTabs title="Electricity" snippet={code.electricity} />
        </section>

        <section id="cable" className="dev-section">
          <h2>Cable TV</h2>
          <p>
            Providers <code>dstv</code>, <code>gotv</code>, <code>startimes</code> and{' '}
            <code>showmax</code> (Showmax takes a phone number instead of a smartcard). A renewal
            charges the <code>renewalAmount</code> of the verification’s <code>quoteId</code>, held
            for 15 minutes; a bouquet change takes a <code>planCode</code> from{' '}
            <code>GET /cable/plans?provider=…</code>, priced for your tier.
          </p>
          <SnippetTabs title="Cable TV" snippet={bills.cable} />
        </section>

        <section id="exam" className="dev-section">
          <h2>Exam PINs</h2>
          <p>
            Products <code>waec</code>, <code>waec-registration</code>, <code>neco</code>,{' '}
            <code>nabteb</code>, <code>jamb-utme</code> and <code>jamb-de</code>, 1 to 10 PINs a
            purchase (JAMB: one, after <code>POST /exam/verify</code> of the candidate’s profile
            code). The PINs come back in <code>receipt.pins</code>, to your account only.
          </p>
          <SnippetTabs title="Exam PINs" snippet={bills.exam} />
        </section>

        <section id="epin" className="dev-section">
          <h2>e-PINs</h2>
          <p>
            Recharge cards to print and sell: <code>network</code> MTN, GLO, AIRTEL or 9MOBILE,{' '}
            <code>value</code> 100, 200, 500 or 1000, 1 to 100 cards a purchase, at your tier’s
            price per card (<code>GET /epin/products</code>). The cards come back in{' '}
            <code>receipt.pins</code>, to your account only. If the supplier delivers fewer cards
            than you ordered, you pay for those it delivered and the rest goes back to your wallet
            at once (<code>details.delivered</code>, <code>details.undeliveredRefund</code>).
          </p>
          <SnippetTabs title="e-PINs" snippet={bills.epin} />
        </section>

        <section id="bulk" className="dev-section">
          <h2>Bulk purchases</h2>
          <p>
            Airtime or data for up to 500 numbers in one request: <code>kind</code>{' '}
            <code>airtime</code> or <code>data</code>, and <code>items</code> as{' '}
            <code>POST /buy/airtime</code> or <code>/buy/data</code> take them. With{' '}
            <code>preview: true</code> every line is checked and priced and nothing is charged.
            Without it the batch starts in the background (<code>202</code>, <code>batchId</code>
            ), unless a line has a problem or your balance cannot cover the whole batch. Each line
            is a purchase of its own (request id <code>{'<reference>-<line>'}</code>), charged as it
            is bought and never twice. Follow it at <code>GET /buy/bulk/{'{batchId}'}</code>, cancel
            the lines not yet sent with <code>POST /buy/bulk/{'{batchId}'}/cancel</code>, and get{' '}
            <code>bulk.completed</code> at your webhook when every line has its outcome.
          </p>
          <SnippetTabs title="Bulk purchases" snippet={bills.bulk} />
        </section>

        <section id="requery" className="dev-section">
          <h2>Re-query</h2>
          <p>
            <code>GET /transaction/{'{id}'}</code> answers a transaction with its current status.
            After a 202 its <code>trans_Status</code> moves from <code>pending</code> to{' '}
            <code>success</code> or <code>refunded</code>. A transaction can also be found by the{' '}
            <code>request_id</code> you sent with it.
          </p>
          <SnippetTabs title="Re-query" snippet={code.requery} />
        </section>

        <section id="idempotency" className="dev-section">
          <h2>Idempotency</h2>
          <p>
            Every request that moves money takes an <code>Idempotency-Key</code> header (or a{' '}
            <code>request_id</code> field in the body, to the same effect). Keys are yours alone and
            kept at least 24 hours: the same key with the same body answers the first result again
            and moves money once; the same key with another body is refused with{' '}
            <strong>422</strong>. Use a fresh UUID per order and keep it with the order.
          </p>
          <SnippetTabs title="Idempotency" snippet={code.idempotency} />
        </section>

        <section id="webhooks" className="dev-section">
          <h2>Webhooks</h2>
          <p>
            Set an https URL on your account page. When a transaction of yours ends (
            <code>transaction.success</code>, <code>transaction.refunded</code>,{' '}
            <code>transaction.failed</code>) or a deposit is credited (<code>deposit.credited</code>
            ), we POST JSON to it: <code>{'{ "id", "type", "created_at", "receipt" }'}</code>. A
            bulk purchase that ended sends <code>bulk.completed</code> with <code>batch</code> (its
            counts) instead of <code>receipt</code>. Answer 2xx quickly; anything else is retried
            with growing delays for 24 hours, so the same event may arrive more than once:
            deduplicate on <code>id</code>.
          </p>
          <p>Each request carries these headers:</p>
          <ul className="dev-list">
            <li>
              <code>Vendo-Webhook-Id</code>: the event id
            </li>
            <li>
              <code>Vendo-Webhook-Timestamp</code>: Unix seconds
            </li>
            <li>
              <code>Vendo-Webhook-Signature</code>: <code>v1=</code> and the hex HMAC-SHA256, keyed
              with your webhook secret, of <code>timestamp + "." + raw body</code>
            </li>
          </ul>
          <p>Verify it over the raw bytes, compare in constant time, and refuse old timestamps:</p>
          <CodeBlock
            code={code.webhookVerify}
            label="Webhook signature verification (Node)"
            caption="Node.js (Express)"
          />
        </section>

        <section id="sandbox" className="dev-section">
          <h2>Sandbox</h2>
          <p>
            Outside production, purchases go to simulated suppliers. Choose the outcome with the
            last four digits of the phone number (data, airtime) or the meter number (electricity).
            A meter number ending <code>0000</code> is invalid.
          </p>
          <div className="table-scroll">
            <table className="dev-table">
              <thead>
                <tr>
                  <th scope="col">Ends in</th>
                  <th scope="col">What happens</th>
                </tr>
              </thead>
              <tbody>
                {SANDBOX_TRIGGERS.map(([digits, outcome]) => (
                  <tr key={digits}>
                    <td>
                      <code>{digits}</code>
                    </td>
                    <td>{outcome}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <section id="rate-limits" className="dev-section">
          <h2>Rate limits</h2>
          <p>
            Requests made with an API token are limited per token. Every answer says where you
            stand: <code>RateLimit: limit=120, remaining=57, reset=23</code> and{' '}
            <code>RateLimit-Policy: 120;w=60</code>. Over the limit the answer is{' '}
            <strong>429</strong> with <code>Retry-After</code> (seconds). Sign-in is limited per
            user name and per address, password reset requests per e-mail.
          </p>
        </section>

        <section id="errors" className="dev-section">
          <h2>Errors</h2>
          <p>
            A failed call answers a 4xx or 5xx status and <code>{'{ "msg", "code" }'}</code>: people
            read <code>msg</code>, programs branch on <code>code</code> (
            <code>VALIDATION_ERROR</code>, <code>UNAUTHENTICATED</code>,{' '}
            <code>INSUFFICIENT_BALANCE</code>, <code>SERVICE_LOCKED</code>,{' '}
            <code>IDEMPOTENCY_MISMATCH</code>, <code>PRICE_CHANGED</code>, <code>RATE_LIMITED</code>{' '}
            …). Each operation below lists its errors with examples.
          </p>
        </section>

        <section id="reference" className="dev-section">
          <h2>Reference</h2>
          {doc ? (
            <ApiReference doc={doc} />
          ) : isError ? (
            <p className="card empty-state">
              The reference could not be loaded. Open{' '}
              <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> directly.
            </p>
          ) : (
            <p className="muted">Loading the reference…</p>
          )}
        </section>
      </main>
    </>
  );
};
