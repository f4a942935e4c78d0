import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, launchBrowser, screenshot } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { login, noHorizontalScroll } from './helpers/session.ts';

// An API user's webhooks against the real server process: the URL saved on the account page at
// 360 px, a purchase, and the signed event arriving from the server's background loop at a
// receiver on this machine (which only the local-testing settings allow), then the delivery log.

const POLL = { timeout: 20_000 };
type Received = { headers: http.IncomingHttpHeaders; body: string };

let server: RunningServer;
let browser: Browser;
let receiver: http.Server;
const received: Received[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(received.length === 1 ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  [server, browser] = await Promise.all([
    startServer({
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_INTERVAL_MS: '200',
      WEBHOOK_RETRY_BASE_MS: '500',
    }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
});

const api = async (path: string, init: { method?: string; token?: string; body?: object } = {}) => {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { 'x-auth-token': init.token } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** A registered user made an API user by the demo admin, with ₦2,000 from the house. */
const newApiUser = async () => {
  const name = `api_${Date.now().toString(36)}`;
  const password = 'Secret#123';
  const registered = await api('/auth/register', {
    body: {
      userName: name,
      email: `${name}@example.test`,
      phoneNumber: `070${String(Date.now()).slice(-8)}`,
      password,
      passwordCheck: password,
    },
  });
  expect(registered.status).toBe(201);
  const userId = (registered.body.user as { _id: string })._id;
  const admin = await api('/auth/login', {
    body: { userName: 'demo_admin', password: 'Admin#2026' },
  });
  const adminToken = String(admin.body.token);
  const upgraded = await api(`/admin/upgradeUser/${userId}/${encodeURIComponent('api user')}`, {
    token: adminToken,
  });
  expect(upgraded.status).toBe(200);
  const funded = await api('/auth/transferFund', {
    token: adminToken,
    body: { userName: name, amount: 2000 },
  });
  expect(funded.status).toBe(200);
  return { name, password };
};

describe('webhooks for an API user', () => {
  it('saves the URL on a 360 px phone; a purchase is signed, retried, delivered and logged', async () => {
    const { name, password } = await newApiUser();
    const context = await browser.newContext({ viewport: PHONE, baseURL: server.url });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await login(page, name, password);

    await page.goto('/profile/user');
    const form = page.getByRole('form', { name: 'Webhook URL' });
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    await form.getByLabel('Webhook URL').fill(hookUrl);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => form.getByRole('status').textContent(), POLL).toBe('Webhook URL saved');
    const secret = await page.getByRole('textbox', { name: 'Webhook secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await noHorizontalScroll(page);

    const token = String(
      (await api('/auth/login', { body: { userName: name, password } })).body.token,
    );
    const bought = await api('/buy/data', {
      token,
      body: { network: 1, mobile_number: '08031234567', plan: '2' },
    });
    expect(bought.status).toBe(200);

    // The first answer is a 500: the event comes again, the same, after the backoff.
    await expect.poll(() => received.length, POLL).toBeGreaterThanOrEqual(2);
    const [first, second] = received;
    expect(second!.body).toBe(first!.body);
    expect(second!.headers['vendo-webhook-id']).toBe(first!.headers['vendo-webhook-id']);
    const timestamp = String(second!.headers['vendo-webhook-timestamp']);
    expect(second!.headers['vendo-webhook-signature']).toBe(
      `v1=${createHmac('sha256', secret).update(`${timestamp}.${second!.body}`).digest('hex')}`,
    );
    expect(JSON.parse(second!.body)).toMatchObject({
      type: 'transaction.success',
      receipt: { ...(bought.body.receipt as object), trans_Status: 'success' },
    });

    await page.reload();
    const event = page.getByRole('list', { name: 'Webhook events' }).getByRole('listitem').first();
    await expect.poll(() => event.textContent(), POLL).toContain('delivered');
    expect(await event.textContent()).toContain('Attempts2');
    expect(await event.textContent()).toContain('HTTP 200');
    await noHorizontalScroll(page);
    await screenshot(page, 'webhooks-account');
    await context.close();
  });
});
