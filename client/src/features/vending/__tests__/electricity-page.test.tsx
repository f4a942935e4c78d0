import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, buildTransaction, buildUser } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { cachedProfile, profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

const receipt = buildTransaction({
  _id: 'tx-elec-1',
  trans_Id: 'VND261121ELEC01',
  trans_Type: 'electricity',
  trans_Network: 'Ikeja',
  trans_amount: 1050,
  phone_number: '08031234567',
  balance_Before: 5000,
  balance_After: 3950,
});

const answer = {
  msg: 'Transaction successful',
  receipt,
  balance: 3950,
  token: '44422997365200903052',
  meterNumber: '1234567890',
  customerName: 'LAWAL ZAINAB',
};

type TRoutes = Parameters<typeof stubHttp>[0];

const openElectricity = (routes: TRoutes = {}) => {
  const session = buildSession({ user: buildUser({ balance: 5000 }) });
  const server = profileServer(session);
  const requests = stubHttp({
    'GET /auth': server.route,
    'POST /buy/validateMeter': (request) =>
      (request.body as { meterNumber: string }).meterNumber.endsWith('0000')
        ? { status: 400, data: { msg: 'INVALID METER NUMBER', code: 'VALIDATION_ERROR' } }
        : {
            status: 200,
            data: { name: 'LAWAL ZAINAB', address: '112 Ring Road, Ikeja', msg: 'Meter validated' },
          },
    ...server.moving({ 'POST /buy/electricity': { status: 200, data: answer }, ...routes }),
  });
  const view = renderApp({
    route: '/profile/electricity',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

type TUser = ReturnType<typeof openElectricity>['user'];

const fillMeter = async (user: TUser, meterNumber = '1234567890') => {
  await user.selectOptions(await screen.findByLabelText('Electricity company'), 'Ikeja');
  await user.selectOptions(screen.getByLabelText('Meter type'), 'prepaid');
  await user.type(screen.getByLabelText('Meter number'), meterNumber);
  await user.click(screen.getByRole('button', { name: 'Validate meter' }));
};

const alertIn = (name: string) => within(screen.getByRole('form', { name })).getByRole('alert');

describe('/profile/electricity', () => {
  it('asks for the company before checking a meter', async () => {
    const { user, requests } = openElectricity();
    await user.type(await screen.findByLabelText('Meter number'), '1234567890');
    await user.click(screen.getByRole('button', { name: 'Validate meter' }));

    expect(alertIn('Validate meter')).toHaveTextContent('Select your electricity company');
    expect(requests.filter((r) => r.url.startsWith('/buy'))).toHaveLength(0);
  });

  it('shows the owner after validation, locks the meter, and "Change meter" unlocks it', async () => {
    const { user, requests } = openElectricity();
    expect(screen.queryByLabelText('Amount (₦)')).not.toBeInTheDocument();
    await fillMeter(user);

    expect(await screen.findByLabelText('Meter owner')).toHaveValue('LAWAL ZAINAB');
    expect(screen.getByText('112 Ring Road, Ikeja')).toBeInTheDocument();
    expect(screen.getByLabelText('Meter number')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Electricity company')).toBeDisabled();
    expect(screen.getByLabelText('Meter type')).toBeDisabled();
    expect(screen.getByLabelText('Amount (₦)')).toBeInTheDocument();
    expect(requests.find((r) => r.url === '/buy/validateMeter')?.body).toEqual({
      meterNumber: '1234567890',
      meterId: 18,
      meterType: 'prepaid',
    });

    await user.click(screen.getByRole('button', { name: 'Change meter' }));
    expect(screen.getByLabelText('Meter number')).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Electricity company')).toBeEnabled();
    expect(screen.queryByLabelText('Amount (₦)')).not.toBeInTheDocument();
  });

  it("stays on step one with the server's message for an invalid meter", async () => {
    const { user } = openElectricity();
    await fillMeter(user, '1234560000');

    expect(await screen.findAllByText('INVALID METER NUMBER')).not.toHaveLength(0);
    expect(alertIn('Validate meter')).toHaveTextContent('INVALID METER NUMBER');
    expect(screen.queryByLabelText('Meter owner')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Meter number')).not.toHaveAttribute('readonly');
  });

  it('shows the charge as the amount plus ₦50 and refuses less than ₦500', async () => {
    const { user } = openElectricity();
    await fillMeter(user);
    const amount = await screen.findByLabelText('Amount (₦)');

    await user.type(amount, '1000');
    expect(screen.getByTestId('electricity-charge')).toHaveTextContent('₦1,050.00');
    expect(screen.getByTestId('electricity-charge')).toHaveTextContent('₦1,000.00 + ₦50.00 fee');

    await user.clear(amount);
    await user.type(amount, '400');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(alertIn('Buy electricity')).toHaveTextContent('Minimum electricity purchase is ₦500');
  });

  it('buys and shows the token, meter number and owner on the receipt', async () => {
    const { user, requests, store } = openElectricity();
    await fillMeter(user);
    await user.type(await screen.findByLabelText('Amount (₦)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));

    const shown = within(await screen.findByTestId('receipt'));
    expect(shown.getByTestId('receipt-token')).toHaveTextContent('4442 2997 3652 0090 3052');
    expect(shown.getByText('Meter 1234567890 · LAWAL ZAINAB')).toBeInTheDocument();
    expect(shown.getByTestId('receipt-amount')).toHaveTextContent('₦1,050.00');
    expect(shown.getByTestId('receipt-product')).toHaveTextContent('Ikeja prepaid electricity');
    await waitFor(() => expect(cachedProfile(store)?.user.balance).toBe(3950));

    const sent = requests.find((r) => r.url === '/buy/electricity')!;
    expect(sent.body).toEqual({
      meterNumber: '1234567890',
      meterId: 18,
      meterType: 'prepaid',
      amount: 1000,
      expectedAmount: 1050, // the charge the form showed
    });
    expect(sent.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks to confirm a changed charge in a dialog, then pays it under a new key', async () => {
    let calls = 0;
    const { user, requests } = openElectricity({
      'POST /buy/electricity': () => {
        calls += 1;
        return calls === 1
          ? {
              status: 409,
              data: {
                msg: 'The price changed from ₦1,050.00 to ₦1,100.00. Confirm the new price to buy.',
                code: 'PRICE_CHANGED',
                currentAmount: 1100,
              },
            }
          : { status: 200, data: answer };
      },
    });
    await fillMeter(user);
    await user.type(await screen.findByLabelText('Amount (₦)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Buy now' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm the new price' }));
    expect(dialog.getByTestId('price-change')).toHaveTextContent(
      'The price changed from ₦1,050.00 to ₦1,100.00. Confirm the new price to buy.',
    );
    expect(dialog.getByText('₦1,100.00')).toBeInTheDocument();
    expect(screen.queryByTestId('receipt')).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Buy now' }));
    await screen.findByTestId('receipt');
    const sent = requests.filter((r) => r.url === '/buy/electricity');
    expect(sent.map((r) => (r.body as { expectedAmount: number }).expectedAmount)).toEqual([
      1050, 1100,
    ]);
    expect(sent[1]!.headers['Idempotency-Key']).not.toBe(sent[0]!.headers['Idempotency-Key']);
  });
});
