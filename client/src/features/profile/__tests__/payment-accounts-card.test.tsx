import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, buildUser, profileOf } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';

const openDashboard = (generateReply: Parameters<typeof stubHttp>[0][string]) => {
  const session = buildSession({ user: buildUser({ accountNumbers: [] }) });
  const withAccount = profileOf(
    buildSession({
      user: buildUser({
        accountNumbers: [{ bankName: 'PalmPay', accountNumber: '6612345678' }],
      }),
    }),
  );
  let generated = false;
  const requests = stubHttp({
    'GET /auth': () => ({ status: 200, data: generated ? withAccount : profileOf(session) }),
    'POST /generateAcc': (request) => {
      const reply = typeof generateReply === 'function' ? generateReply(request) : generateReply;
      if (reply !== 'network-error' && reply.status === 200) generated = true;
      return reply;
    },
  });
  const view = renderApp({
    route: '/profile',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

describe('Payment accounts card', () => {
  it('generates an account and shows its number', async () => {
    const { user, requests } = openDashboard({
      status: 200,
      data: { msg: 'Account generated', accountNumbers: [], user: buildUser() },
    });
    await user.click(await screen.findByRole('button', { name: 'Generate account' }));
    expect(requests.find((r) => r.url === '/generateAcc')?.body).toEqual({ bankName: 'palmpay' });
    expect(await screen.findByText('6612345678')).toBeInTheDocument();
    expect(await screen.findByText('Account generated')).toBeInTheDocument();
  });

  it('shows the server’s message when the provider fails', async () => {
    const { user } = openDashboard({
      status: 502,
      data: {
        msg: 'We could not create your account number right now. Please try again.',
        code: 'PROVIDER_ERROR',
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Generate account' }));
    expect(
      await screen.findByText(
        'We could not create your account number right now. Please try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('no-payment-accounts')).toBeInTheDocument();
  });
});
