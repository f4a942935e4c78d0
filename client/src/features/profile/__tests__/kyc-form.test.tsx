import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, buildUser } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

type TRoutes = Parameters<typeof stubHttp>[0];

const openAccount = (routes: TRoutes = {}, userOverrides: Parameters<typeof buildUser>[0] = {}) => {
  const session = buildSession({ user: buildUser(userOverrides) });
  const server = profileServer(session);
  const requests = stubHttp({ 'GET /auth': server.route, ...server.moving(routes) });
  const view = renderApp({
    route: '/profile/user',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

const kycForm = async () => within(await screen.findByRole('form', { name: 'KYC' }));

describe('/profile/user KYC form', () => {
  it('asks for a NIN by default and wants 11 digits', async () => {
    const { user, requests } = openAccount();
    const form = await kycForm();
    expect(form.getByRole('radio', { name: 'NIN' })).toBeChecked();

    await user.type(form.getByLabelText('NIN number'), '1234567');
    await user.click(form.getByRole('button', { name: 'Save NIN' }));
    expect(form.getByRole('alert')).toHaveTextContent('Enter an 11-digit NIN');

    await user.click(form.getByRole('radio', { name: 'BVN' }));
    await user.type(form.getByLabelText('BVN number'), 'abc12');
    expect(form.getByLabelText('BVN number')).toHaveValue('12');
    await user.click(form.getByRole('button', { name: 'Save BVN' }));
    expect(form.getByRole('alert')).toHaveTextContent('Enter an 11-digit BVN');
    expect(requests.filter((r) => r.url === '/auth/updateKyc')).toHaveLength(0);
  });

  it('sends {nin} and shows the masked value from the answer', async () => {
    const { user, requests, store } = openAccount({
      'POST /auth/updateKyc': {
        status: 200,
        data: { msg: 'KYC updated', user: buildUser({ nin: '*******8901' }) },
      },
    });
    const form = await kycForm();
    await user.type(form.getByLabelText('NIN number'), '12345678901');
    await user.click(form.getByRole('button', { name: 'Save NIN' }));

    expect(await screen.findByText('KYC updated')).toBeInTheDocument();
    // The profile is fetched again and shows what the server keeps: the masked number.
    await waitFor(() =>
      expect(form.getByTestId('kyc-on-file')).toHaveTextContent('NIN on file: *******8901'),
    );
    expect(form.getByLabelText('NIN number')).toHaveValue('');
    expect(store.getState().auth.user?.nin).toBe('*******8901');
    expect(screen.getAllByText('*******8901').length).toBeGreaterThan(1);
    expect(requests.find((r) => r.url === '/auth/updateKyc')?.body).toEqual({
      nin: '12345678901',
    });
    expect(screen.queryByText('12345678901')).not.toBeInTheDocument();
  });

  it("sends {bvn} when BVN is chosen and shows the server's message on refusal", async () => {
    const { user, requests } = openAccount({
      'POST /auth/updateKyc': {
        status: 400,
        data: { msg: 'Enter an 11-digit BVN', code: 'VALIDATION_ERROR' },
      },
    });
    const form = await kycForm();
    await user.click(form.getByRole('radio', { name: 'BVN' }));
    await user.type(form.getByLabelText('BVN number'), '22345678901');
    await user.click(form.getByRole('button', { name: 'Save BVN' }));

    expect(await form.findByRole('alert')).toHaveTextContent('Enter an 11-digit BVN');
    expect(requests.find((r) => r.url === '/auth/updateKyc')?.body).toEqual({
      bvn: '22345678901',
    });
  });
});
