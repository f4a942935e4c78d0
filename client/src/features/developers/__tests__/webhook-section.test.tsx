import { screen, waitFor, within } from '@testing-library/react';
import type {
  TWebhookDeliveriesResponse,
  TWebhookEventSummary,
} from '@vendo/shared/schemas/webhooks.responses';
import { describe, expect, it } from 'vitest';
import { buildSession, buildUser } from '@/test/factories';
import { stubHttp, type TRoute } from '@/test/http-stub';
import { profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const buildEvent = (overrides: Partial<TWebhookEventSummary> = {}): TWebhookEventSummary => ({
  _id: 'ev-1',
  type: 'transaction.success',
  status: 'failed',
  transactionId: 'tx-1',
  reference: 'VND123',
  createdAt: '2026-11-20T10:00:00.000Z',
  attempts: 3,
  lastStatusCode: 500,
  lastError: 'answered 500',
  nextAttemptAt: null,
  deliveredAt: null,
  deliveries: [],
  ...overrides,
});

const deliveries = (events: TWebhookEventSummary[]): TWebhookDeliveriesResponse => ({
  events,
  page: 1,
  totalPages: 1,
  total: events.length,
});

/** The account page of a signed-in user, with the webhook routes the server would answer. */
const openAccount = (
  routes: Record<string, TRoute> = {},
  userType: 'api user' | 'reseller' = 'api user',
) => {
  const session = buildSession({ user: buildUser({ userType }) });
  const server = profileServer(session);
  let settings = { webhookUrl: null as string | null, webhookSecretHint: null as string | null };
  const requests = stubHttp({
    'GET /auth': server.route,
    'GET /auth/webhook': () => ({ status: 200, data: settings }),
    'GET /auth/webhookDeliveries': { status: 200, data: deliveries([]) },
    ...Object.fromEntries(
      Object.entries(routes).map(([key, route]) => [
        key,
        (request: Parameters<Extract<TRoute, (...args: never[]) => unknown>>[0]) => {
          const reply = typeof route === 'function' ? route(request) : route;
          // What the server keeps after a save or a rotation.
          if (reply !== 'network-error' && reply.status === 200 && key.startsWith('POST /auth/'))
            settings = { ...settings, ...(reply.data as Partial<typeof settings>) };
          return reply;
        },
      ]),
    ),
  });
  const view = renderApp({
    route: '/profile/user',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

const webhookForm = async () => within(await screen.findByRole('form', { name: 'Webhook URL' }));

describe('/profile/user Webhooks section', () => {
  it('is shown to every account (any account may buy through the API)', async () => {
    openAccount({}, 'reseller');
    expect(await screen.findByRole('heading', { name: 'Account details' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Webhooks' })).toBeInTheDocument();
  });

  it("saves the URL, shows the server's message and the secret once, with Copy", async () => {
    const { user, requests } = openAccount({
      'POST /auth/updateWebhook': {
        status: 200,
        data: {
          msg: 'Webhook URL saved',
          webhookUrl: 'https://shop.example.com/hooks',
          webhookSecretHint: SECRET.slice(-4),
          webhookSecret: SECRET,
        },
      },
    });
    const form = await webhookForm();
    expect(screen.getByTestId('webhook-secret-hint')).toHaveTextContent(
      'None yet: saving a URL creates one.',
    );
    await user.type(form.getByLabelText('Webhook URL'), ' https://shop.example.com/hooks ');
    await user.click(form.getByRole('button', { name: 'Save' }));

    expect(await form.findByRole('status')).toHaveTextContent('Webhook URL saved');
    expect(requests.find((r) => r.url === '/auth/updateWebhook')?.body).toEqual({
      webhookUrl: 'https://shop.example.com/hooks',
    });
    const once = screen.getByRole('region', { name: 'New webhook secret' });
    expect(within(once).getByLabelText('Webhook secret')).toHaveValue(SECRET);
    expect(once).toHaveTextContent('it will not be shown again');
    // The Clipboard API needs a secure context (https), which the test page is not by default.
    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    await user.click(within(once).getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Webhook secret copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await waitFor(() =>
      expect(screen.getByTestId('webhook-secret-hint')).toHaveTextContent(
        `Ends in ${SECRET.slice(-4)}`,
      ),
    );
  });

  it("shows the server's refusal of a private address", async () => {
    const { user } = openAccount({
      'POST /auth/updateWebhook': {
        status: 400,
        data: {
          code: 'VALIDATION_ERROR',
          msg: 'This webhook URL points to a local or private network address. Please use a public https URL.',
        },
      },
    });
    const form = await webhookForm();
    await user.type(form.getByLabelText('Webhook URL'), 'https://10.0.0.1/hook');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'This webhook URL points to a local or private network address.',
    );
    expect(screen.queryByRole('region', { name: 'New webhook secret' })).not.toBeInTheDocument();
  });

  it('rotates the secret only after a confirmation, and shows the new one once', async () => {
    const { user, requests } = openAccount({
      'POST /auth/webhookSecret': {
        status: 200,
        data: {
          msg: 'New webhook secret created. Copy it now: it will not be shown again.',
          webhookUrl: null,
          webhookSecretHint: 'WXYZ',
          webhookSecret: 'whsec_rotated_WXYZ',
        },
      },
    });
    await webhookForm();
    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    const confirm = screen.getByRole('group', { name: 'Rotate secret' });
    // It opens on Cancel, so a second Enter does not rotate; Escape closes it.
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Rotate secret' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Rotate secret' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Rotate secret' })).toHaveFocus();
    expect(requests.filter((r) => r.url === '/auth/webhookSecret')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Rotate secret' }));
    await user.click(screen.getByRole('button', { name: 'Rotate now' }));
    expect(await screen.findByLabelText('Webhook secret')).toHaveValue('whsec_rotated_WXYZ');
    expect(requests.filter((r) => r.url === '/auth/webhookSecret')).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByTestId('webhook-secret-hint')).toHaveTextContent('Ends in WXYZ'),
    );
  });

  it('lists events with their status, attempts and last code, and resends one', async () => {
    let resent = false;
    const { user, requests } = openAccount({
      'GET /auth/webhookDeliveries': () => ({
        status: 200,
        data: deliveries([
          buildEvent(resent ? { status: 'pending' } : {}),
          buildEvent({
            _id: 'ev-2',
            type: 'deposit.credited',
            status: 'delivered',
            reference: 'CPR-1',
            attempts: 1,
            lastStatusCode: 200,
            lastError: null,
          }),
        ]),
      }),
      'POST /auth/webhookEvents/ev-1/resend': () => {
        resent = true;
        return {
          status: 200,
          data: {
            msg: 'The event will be sent again in a moment',
            event: buildEvent({ status: 'pending' }),
          },
        };
      },
    });
    const list = within(await screen.findByRole('list', { name: 'Webhook events' }));
    const [failed, delivered] = list.getAllByRole('listitem');
    expect(failed).toHaveTextContent('transaction.success');
    expect(failed).toHaveTextContent('failed');
    expect(failed).toHaveTextContent('VND123');
    expect(failed).toHaveTextContent('Attempts3');
    expect(failed).toHaveTextContent('HTTP 500');
    expect(delivered).toHaveTextContent('deposit.credited');
    expect(delivered).toHaveTextContent('delivered');
    expect(delivered).toHaveTextContent('HTTP 200');

    await user.click(
      within(failed!).getByRole('button', { name: 'Resend transaction.success for VND123' }),
    );
    expect(await screen.findByText('The event will be sent again in a moment')).toBeInTheDocument();
    expect(
      requests.some((r) => r.method === 'POST' && r.url === '/auth/webhookEvents/ev-1/resend'),
    ).toBe(true);
    // The log is asked again and shows the event queued.
    await waitFor(() => expect(list.getAllByRole('listitem')[0]).toHaveTextContent('pending'));
  });
});
