import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubHttp } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';
import type { TOpenApiDocument } from '../api/openapi-document';

const apiError = {
  type: 'object',
  properties: { msg: { type: 'string' }, code: { type: 'string' } },
  required: ['msg', 'code'],
};

/** A small document in the server's shape: two tags, three operations, a component. */
const document: TOpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Vendo API', version: '0.1.0' },
  servers: [{ url: '/api/v1' }],
  tags: [
    { name: 'Purchases', description: 'Data, airtime and electricity' },
    { name: 'Transactions', description: 'History and re-query' },
  ],
  paths: {
    '/buy/data': {
      post: {
        tags: ['Purchases'],
        summary: 'Buy data',
        description: 'Send an `Idempotency-Key`. **202**: pending.',
        parameters: [{ name: 'Idempotency-Key', in: 'header', description: 'Makes a retry safe' }],
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  network: { type: ['number', 'string'] },
                  mobile_number: { type: 'string', pattern: '^0\\d{10}$' },
                },
                required: ['network', 'mobile_number'],
              },
              examples: {
                success: {
                  summary: 'MTN 1GB SME',
                  value: { network: 1, mobile_number: '08031234567', plan: '2' },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'Delivered',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    msg: { type: 'string' },
                    receipt: { $ref: '#/components/schemas/Transaction' },
                  },
                  required: ['msg', 'receipt'],
                },
                examples: {
                  delivered: { summary: 'Delivered', value: { msg: 'Transaction successful' } },
                },
              },
            },
          },
          '422': {
            description: 'This Idempotency-Key was already used with a different request',
            content: {
              'application/json': {
                schema: apiError,
                examples: {
                  mismatch: {
                    summary: 'Same key, other body',
                    value: { msg: 'Key reused', code: 'IDEMPOTENCY_MISMATCH' },
                  },
                },
              },
            },
          },
        },
      },
    },
    '/buy/airtime': {
      post: { tags: ['Purchases'], summary: 'Buy airtime', responses: {} },
    },
    '/transaction/{id}': {
      get: { tags: ['Transactions'], summary: 'One transaction (re-query)', responses: {} },
    },
  },
  components: {
    schemas: {
      Transaction: {
        type: 'object',
        properties: {
          trans_Status: { type: 'string', enum: ['success', 'pending'] },
          trans_amount: { type: 'number', description: 'Naira charged' },
        },
        required: ['trans_Status'],
      },
    },
  },
};

const operationPaths = () =>
  screen.queryAllByRole('listitem').flatMap((item) => {
    const path = item.querySelector('.op-path');
    return path && item.classList.contains('op') ? [path.textContent] : [];
  });

describe('/developers', () => {
  it('renders the reference from GET /openapi.json, grouped by tag', async () => {
    stubHttp({ 'GET /openapi.json': { status: 200, data: document } });
    renderApp({ route: '/developers' });

    expect(await screen.findByRole('heading', { name: 'Vendo API', level: 1 })).toBeVisible();
    const purchases = await screen.findByRole('region', { name: 'Purchases' });
    expect(within(purchases).getByText('/buy/data')).toBeInTheDocument();
    expect(within(purchases).getByText('/buy/airtime')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Transactions' })).getByText('/transaction/{id}'),
    ).toBeInTheDocument();
    expect(screen.getByText('3 operations')).toBeInTheDocument();
  });

  it('filters operations by path, summary or tag as you type', async () => {
    stubHttp({ 'GET /openapi.json': { status: 200, data: document } });
    const { user } = renderApp({ route: '/developers' });
    const search = await screen.findByRole('searchbox', { name: 'Search the reference' });

    await user.type(search, 'airtime');
    expect(operationPaths()).toEqual(['/buy/airtime']);
    expect(screen.getByText('1 of 3 operations')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 're-query');
    expect(operationPaths()).toEqual(['/transaction/{id}']);

    await user.clear(search);
    await user.type(search, 'purchases');
    expect(operationPaths()).toEqual(['/buy/data', '/buy/airtime']);
    expect(screen.queryByRole('region', { name: 'Transactions' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(operationPaths()).toEqual([]);
    expect(screen.getByText(/No operation matches/)).toBeInTheDocument();
  });

  it('opens an operation: parameters, body and answer schemas, examples and errors', async () => {
    stubHttp({ 'GET /openapi.json': { status: 200, data: document } });
    const { user } = renderApp({ route: '/developers' });
    const purchases = await screen.findByRole('region', { name: 'Purchases' });

    await user.click(within(purchases).getByText('Buy data'));
    const operation = within(purchases).getByText('/buy/data').closest('li')!;
    const view = within(operation as HTMLElement);
    // The header parameter (also named in the description).
    expect(
      view.getAllByText('Idempotency-Key').some((el) => el.classList.contains('schema-name')),
    ).toBe(true);
    expect(view.getByText('Makes a retry safe')).toBeInTheDocument();
    expect(view.getByText('mobile_number')).toBeInTheDocument();
    expect(view.getByText('Example: MTN 1GB SME')).toBeInTheDocument();
    expect(view.getByLabelText('POST /buy/data request, example MTN 1GB SME')).toHaveTextContent(
      '"mobile_number": "08031234567"',
    );
    // The receipt's fields come from its component, through the $ref.
    expect(view.getByText('trans_Status')).toBeInTheDocument();
    expect(view.getByText('Naira charged')).toBeInTheDocument();
    expect(view.getByText('422')).toBeInTheDocument();
    expect(
      view.getByLabelText('POST /buy/data 422, example Same key, other body'),
    ).toHaveTextContent('IDEMPOTENCY_MISMATCH');
  });

  it('has curl and JavaScript examples, the webhook recipe and the sandbox triggers', async () => {
    stubHttp({ 'GET /openapi.json': { status: 200, data: document } });
    const { user } = renderApp({ route: '/developers' });

    const buyData = await screen.findByRole('region', { name: 'Buy data (curl)' });
    expect(buyData).toHaveTextContent('/api/v1/buy/data');
    expect(buyData).toHaveTextContent('Idempotency-Key');
    await user.click(
      within(screen.getByRole('group', { name: 'Buy data: language' })).getByText('JavaScript'),
    );
    expect(screen.getByRole('region', { name: 'Buy data (JavaScript)' })).toHaveTextContent(
      'crypto.randomUUID()',
    );
    expect(screen.getByRole('region', { name: 'Electricity (curl)' })).toHaveTextContent(
      '/buy/validateMeter',
    );
    expect(screen.getByRole('region', { name: 'Cable TV (curl)' })).toHaveTextContent(
      '/cable/verify',
    );
    expect(screen.getByRole('region', { name: 'Exam PINs (curl)' })).toHaveTextContent('/buy/exam');
    expect(screen.getByRole('region', { name: 'e-PINs (curl)' })).toHaveTextContent('/buy/epin');
    expect(screen.getByRole('region', { name: 'Re-query (curl)' })).toHaveTextContent(
      '/transaction/$TRANSACTION_ID',
    );
    const verify = screen.getByRole('region', { name: 'Webhook signature verification (Node)' });
    expect(verify).toHaveTextContent('Vendo-Webhook-Signature');
    expect(verify).toHaveTextContent('crypto.timingSafeEqual');
    for (const digits of ['0000', '1111', '2222', '3333', '4444', '5555', '6666', '7777', '8888']) {
      expect(screen.getByRole('cell', { name: digits })).toBeInTheDocument();
    }
    expect(screen.getByText(/RateLimit-Policy/)).toBeInTheDocument();
  });

  it('says so when the reference cannot be loaded, and still shows the guide', async () => {
    stubHttp({ 'GET /openapi.json': { status: 500 } });
    renderApp({ route: '/developers' });
    expect(await screen.findByText(/The reference could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Authentication' })).toBeVisible();
  });
});
