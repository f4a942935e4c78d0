import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TBulkBatchResponse, TBulkPreviewResponse } from '@vendo/shared/schemas/bulk';
import { describe, expect, it } from 'vitest';
import { buildSession, buildUser } from '@/test/factories';
import { stubHttp, type TRecordedRequest } from '@/test/http-stub';
import { profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';
import { bulkResultsCsv, parseBulkLines } from '../lib/bulk';

type TRoutes = Parameters<typeof stubHttp>[0];

const open = (routes: TRoutes = {}, route = '/profile/bulk') => {
  const session = buildSession({ user: buildUser({ balance: 5000 }) });
  const server = profileServer(session);
  const requests = stubHttp({
    'GET /auth': server.route,
    'GET /buy/bulk': { status: 200, data: { batches: [] } },
    ...server.moving(routes),
  });
  const view = renderApp({ route, session: { token: session.token, user: session.user } });
  return { ...view, requests };
};

const previewLine = (line: number, mobile: string, error: string | null) => ({
  line,
  network: error ? null : ('MTN' as const),
  mobile_number: mobile,
  amount: error ? null : 500,
  plan: null,
  planName: null,
  charge: error ? null : 495,
  error,
});

const batch = (over: Partial<TBulkBatchResponse> = {}): TBulkBatchResponse => ({
  batchId: 'b-1',
  reference: 'BLK261127ABC',
  kind: 'airtime',
  status: 'running',
  total: 3,
  done: 1,
  success: 1,
  failed: 0,
  pending: 1,
  queued: 1,
  cancelled: 0,
  totalAmount: 1485,
  charged: 990,
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  lines: [1, 2, 3].map((n) => ({
    line: n,
    network: 'MTN' as const,
    mobile_number: `0803123456${n}`,
    amount: 500,
    plan: null,
    planName: null,
    charge: 495,
    status:
      n === 1 ? ('success' as const) : n === 2 ? ('processing' as const) : ('queued' as const),
    transactionId: n === 1 ? 'tx-1' : null,
    trans_Id: n === 1 ? 'VND1' : null,
    message: null,
  })),
  ...over,
});

describe('parseBulkLines', () => {
  it('reads network, number and amount (or plan), skipping a header and blank lines', () => {
    expect(
      parseBulkLines(
        'network,mobile_number,amount\nMTN, 08031234567, "₦1,000"\n\nglo;08051234567;200',
        'airtime',
      ),
    ).toEqual([
      { network: 'MTN', mobile_number: '08031234567', amount: '1000' },
      { network: 'glo', mobile_number: '08051234567', amount: '200' },
    ]);
    expect(parseBulkLines('1,08031234567,2', 'data')).toEqual([
      { network: '1', mobile_number: '08031234567', plan: '2' },
    ]);
  });

  it('writes the results with each line’s outcome', () => {
    expect(bulkResultsCsv(batch()).split('\r\n').slice(0, 3)).toEqual([
      'line,network,mobile_number,amount,charge,status,reference,message',
      '1,MTN,08031234561,500.00,495.00,Delivered,VND1,',
      '2,MTN,08031234562,500.00,495.00,Buying,,',
    ]);
  });
});

describe('/profile/bulk', () => {
  it('checks the lines, shows each problem, and starts the batch once they are right', async () => {
    let previews = 0;
    const bad: TBulkPreviewResponse = {
      msg: '1 of 2 lines cannot be bought: correct or remove them',
      kind: 'airtime',
      total: 2,
      valid: 1,
      invalid: 1,
      totalAmount: 495,
      balance: 5000,
      lines: [
        previewLine(1, '08031234567', null),
        previewLine(2, '0803', 'Please check the phone number entered'),
      ],
    };
    const good: TBulkPreviewResponse = {
      ...bad,
      msg: '2 lines, ₦990.00 in all',
      valid: 2,
      invalid: 0,
      totalAmount: 990,
      lines: [previewLine(1, '08031234567', null), previewLine(2, '08031234568', null)],
    };
    const { user, requests } = open({
      'POST /buy/bulk': (request: TRecordedRequest) => {
        const body = request.body as { preview?: boolean };
        if (body.preview) return { status: 200, data: previews++ === 0 ? bad : good };
        return {
          status: 202,
          data: {
            msg: 'started',
            batchId: 'b-1',
            reference: 'BLK261127ABC',
            total: 2,
            totalAmount: 990,
          },
        };
      },
      'GET /buy/bulk/b-1': { status: 200, data: batch() },
    });

    const lines = await screen.findByLabelText('Lines');
    fireEvent.change(lines, { target: { value: 'MTN, 08031234567, 500\nMTN, 0803, 500' } });
    expect(screen.getByText(/2 lines\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    const preview = await screen.findByTestId('bulk-preview');
    expect(preview).toHaveTextContent('1 of 2 lines cannot be bought');
    expect(within(preview).getByRole('list', { name: 'Lines with problems' })).toHaveTextContent(
      'Line 2 (0803): Please check the phone number entered',
    );
    expect(within(preview).getByRole('button', { name: /^Buy 1 line/ })).toBeDisabled();

    // Editing the lines drops the stale check.
    fireEvent.change(lines, {
      target: { value: 'MTN, 08031234567, 500\nMTN, 08031234568, 500' },
    });
    expect(screen.queryByTestId('bulk-preview')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check lines' }));
    await user.click(await screen.findByRole('button', { name: 'Buy 2 lines for ₦990.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start the batch' });
    expect(dialog).toHaveTextContent('Balance after₦4,010.00');
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));

    expect(await screen.findByTestId('batch-progress')).toHaveTextContent('1 of 3 lines done');
    const started = requests.filter((r) => r.url === '/buy/bulk' && r.method === 'POST');
    expect(started.map((r) => r.body)).toEqual([
      { kind: 'airtime', items: expect.any(Array), preview: true },
      { kind: 'airtime', items: expect.any(Array), preview: true },
      {
        kind: 'airtime',
        items: [
          { network: 'MTN', mobile_number: '08031234567', amount: '500' },
          { network: 'MTN', mobile_number: '08031234568', amount: '500' },
        ],
      },
    ]);
    expect(started[2]!.headers['Idempotency-Key']).toEqual(expect.any(String));
  }, 15_000);

  it('shows a batch’s progress, and cancels the lines not yet bought', async () => {
    let cancelled = false;
    const { user, requests } = open(
      {
        'GET /buy/bulk/b-1': () => ({
          status: 200,
          data: cancelled
            ? batch({
                status: 'cancelled',
                queued: 0,
                cancelled: 1,
                done: 2,
                lines: batch().lines.map((l) =>
                  l.line === 3 ? { ...l, status: 'cancelled' as const } : l,
                ),
              })
            : batch(),
        }),
        'POST /buy/bulk/b-1/cancel': () => {
          cancelled = true;
          return {
            status: 200,
            data: {
              msg: 'Batch BLK261127ABC cancelled: 1 lines not yet sent will not be bought',
              batch: batch(),
            },
          };
        },
      },
      '/profile/bulk/b-1',
    );
    expect(await screen.findByTestId('batch-status')).toHaveTextContent('Running');
    expect(screen.getByTestId('count-success')).toHaveTextContent('1');
    expect(screen.getByTestId('count-queued')).toHaveTextContent('1');
    expect(screen.getByTestId('line-1')).toHaveTextContent('Delivered');
    expect(
      within(screen.getByTestId('line-1')).getByRole('link', { name: 'Receipt' }),
    ).toHaveAttribute('href', '/profile/receipt/tx-1');
    await user.click(screen.getByRole('button', { name: 'Cancel batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the batch?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the batch' }));
    await waitFor(() => expect(screen.getByTestId('batch-status')).toHaveTextContent('Cancelled'));
    expect(screen.getByTestId('line-3')).toHaveTextContent('Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel batch' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/buy/bulk/b-1/cancel')).toHaveLength(1);
  }, 15_000);
});
