import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { profileApi } from '@/lib/profile.api';
import { holdReplies } from '@/test/http-stub';
import { buildManagedPlan, openPlanPage, planUuid } from './plan-server';

type TUser = ReturnType<typeof openPlanPage>['user'];

const chooseNetwork = async (user: TUser, network = 'MTN') => {
  await user.selectOptions(await screen.findByLabelText('Network'), network);
};

/** Types a value at once (pasted), so long forms stay quick to test. */
const fill = async (user: TUser, field: HTMLElement, value: string) => {
  await user.click(field);
  await user.paste(value);
};

const planRow = (name: string) => screen.findByRole('row', { name });

const count = (requests: ReturnType<typeof openPlanPage>['requests'], key: string) =>
  requests.filter((r) => `${r.method} ${r.url}` === key).length;

describe('/profile/updatePrice for an admin', () => {
  it("says 'Please select a network' until one is chosen, then lists its plans with cost and margins", async () => {
    const { user, requests } = openPlanPage({
      plans: [
        buildManagedPlan(),
        buildManagedPlan({
          _id: planUuid(2),
          plan: '2GB',
          planId: '8',
          volumeRatio: 2,
          effectiveCostPrice: 600,
          smartEarnerPrice: 620,
          resellerPrice: 600,
          apiPrice: 590,
          margins: { smartEarner: 20, reseller: 0, api: -10 },
        }),
        buildManagedPlan({ _id: planUuid(3), plan_network: 'GLO', plan: '5GB' }),
      ],
    });
    expect(await screen.findByTestId('plans-no-network')).toHaveTextContent(
      'Please select a network',
    );
    expect(count(requests, 'GET /dataPlan')).toBe(0);

    await chooseNetwork(user);
    const row = within(await planRow('MTN 1GB SME'));
    expect(row.getByText('ID 7')).toBeInTheDocument();
    expect(row.getByText('₦300.00')).toBeInTheDocument();
    expect(row.getByText('₦250.00')).toBeInTheDocument(); // cost
    expect(row.getByTestId('margin-smartEarner')).toHaveTextContent('Margin +₦50.00');
    expect(row.getByRole('switch', { name: 'MTN 1GB SME available' })).toBeChecked();

    const loss = within(await planRow('MTN 2GB SME')).getByTestId('margin-api');
    expect(loss).toHaveTextContent('Margin -₦10.00');
    expect(loss).toHaveClass('margin-negative');
    expect(screen.queryByRole('row', { name: 'GLO 5GB SME' })).not.toBeInTheDocument();
    expect(requests.find((r) => r.url === '/dataPlan')?.params).toEqual({ network: 'MTN' });
  });

  it('names the first broken rule in the add-plan dialog and sends nothing', async () => {
    const { user, requests } = openPlanPage({ plans: [] });
    await user.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add plan' }));

    await user.click(dialog.getByRole('button', { name: 'Add plan' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Please select a network');
    expect(dialog.getByLabelText('Network')).toHaveAttribute('aria-invalid', 'true');

    await user.selectOptions(dialog.getByLabelText('Network'), 'GLO');
    await user.click(dialog.getByRole('button', { name: 'Add plan' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Enter the plan name');

    await fill(user, dialog.getByLabelText('Plan name'), '7GB');
    await fill(user, dialog.getByLabelText('Plan type'), 'gifting');
    await fill(user, dialog.getByLabelText('Volume (GB)'), '7');
    await fill(user, dialog.getByLabelText('Plan id'), 'G7');
    await fill(user, dialog.getByLabelText('Smart earner price (₦)'), '2000');
    await fill(user, dialog.getByLabelText('Reseller price (₦)'), '1950');
    await fill(user, dialog.getByLabelText('API price (₦)'), '19x');
    await user.click(dialog.getByRole('button', { name: 'Add plan' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Enter a valid API price');
    expect(count(requests, 'POST /dataPlan/add')).toBe(0);
  });

  it('adds a plan, disabled while saving, and refreshes the buyers’ plans', async () => {
    const { user, requests, store } = openPlanPage({ plans: [] });
    // A buyer's screen is open on the plans GET /auth priced (as the buy-data page keeps them).
    store.dispatch(profileApi.endpoints.getProfile.initiate(undefined));
    await user.click(await screen.findByRole('button', { name: 'Add plan' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add plan' }));
    await user.selectOptions(dialog.getByLabelText('Network'), 'GLO');
    await fill(user, dialog.getByLabelText('Plan name'), '7GB');
    await fill(user, dialog.getByLabelText('Plan type'), 'gifting');
    await fill(user, dialog.getByLabelText('Volume (GB)'), '7');
    await fill(user, dialog.getByLabelText('Plan id'), 'G7');
    await fill(user, dialog.getByLabelText('Smart earner price (₦)'), '2000');
    await fill(user, dialog.getByLabelText('Reseller price (₦)'), '1950');
    await fill(user, dialog.getByLabelText('API price (₦)'), '1900');
    await fill(user, dialog.getByLabelText('Cost price (₦)'), '1500');
    await waitFor(() => expect(count(requests, 'GET /auth')).toBeGreaterThan(0));
    const profileLoads = count(requests, 'GET /auth');
    const release = holdReplies();
    await user.click(dialog.getByRole('button', { name: 'Add plan' }));
    expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();

    expect(await screen.findByText('Plan added successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.find((r) => r.url === '/dataPlan/add')?.body).toEqual({
      planNetwork: 'GLO',
      planName: '7GB',
      planType: 'gifting',
      planVolumeRatio: 7,
      planValidity: '30 days',
      planId: 'G7',
      smartEarnerPrice: 2000,
      resellerPrice: 1950,
      apiPrice: 1900,
      planCostPrice: 1500,
      planAvailability: true,
    });
    // The buyers' plan lists (GET /auth's plans, POST /prices) share the 'Plans' tag.
    await waitFor(() => expect(count(requests, 'GET /auth')).toBeGreaterThan(profileLoads));

    await chooseNetwork(user, 'GLO');
    expect(await planRow('GLO 7GB GIFTING')).toBeInTheDocument();
  });

  it("shows the server's message when it refuses a plan, and keeps the dialog open", async () => {
    const { user } = openPlanPage({
      extra: {
        'PATCH /dataPlan/update': {
          status: 400,
          data: {
            msg: 'The reseller price must not be below the API price',
            code: 'VALIDATION_ERROR',
          },
        },
      },
    });
    await chooseNetwork(user);
    await planRow('MTN 1GB SME');
    await user.click(screen.getByRole('button', { name: 'Edit MTN 1GB SME' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit plan' }));
    await user.clear(dialog.getByLabelText('Reseller price (₦)'));
    await user.type(dialog.getByLabelText('Reseller price (₦)'), '270');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The reseller price must not be below the API price',
    );
    expect(screen.getByRole('dialog', { name: 'Edit plan' })).toBeInTheDocument();
  });

  it('edits a plan in the same dialog, prefilled, sending its _id', async () => {
    const { user, requests } = openPlanPage();
    await chooseNetwork(user);
    await planRow('MTN 1GB SME');
    await user.click(screen.getByRole('button', { name: 'Edit MTN 1GB SME' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Edit plan' }));
    expect(dialog.getByLabelText('Network')).toHaveValue('MTN');
    expect(dialog.getByLabelText('Plan name')).toHaveValue('1GB');
    expect(dialog.getByLabelText('Smart earner price (₦)')).toHaveValue('300');
    expect(dialog.getByLabelText('Cost price (₦)')).toHaveValue(''); // the network's cost

    await user.clear(dialog.getByLabelText('Plan name'));
    await user.type(dialog.getByLabelText('Plan name'), '1.5GB');
    await user.click(dialog.getByRole('button', { name: 'Save changes' }));

    expect(await planRow('MTN 1.5GB SME')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      _id: planUuid(1),
      planName: '1.5GB',
      planNetwork: 'MTN',
      smartEarnerPrice: 300,
      planAvailability: true,
    });
  });

  it('turns a plan off for buyers with the availability switch', async () => {
    const { user, requests } = openPlanPage();
    await chooseNetwork(user);
    const toggle = within(await planRow('MTN 1GB SME')).getByRole('switch');
    await user.click(toggle);

    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(toggle).toHaveTextContent('Off');
    expect(await screen.findByText('Plan updated successfully')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({
      _id: planUuid(1),
      planAvailability: false,
    });
  });

  it('deletes a plan only after confirmation', async () => {
    const { user, requests } = openPlanPage();
    await chooseNetwork(user);
    await planRow('MTN 1GB SME');
    await user.click(screen.getByRole('button', { name: 'Delete MTN 1GB SME' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete plan?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(count(requests, 'DELETE /dataPlan/delete')).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete MTN 1GB SME' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete plan?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByTestId('no-plans')).toHaveTextContent('MTN has no plans yet.');
    expect(requests.find((r) => r.method === 'DELETE')?.params).toEqual({ planId: planUuid(1) });
  });

  it('shows a plan’s price history, newest first', async () => {
    const { user } = openPlanPage({
      extra: {
        [`GET /dataPlan/history/${planUuid(1)}`]: {
          status: 200,
          data: {
            history: [
              {
                at: '2026-11-01T09:00:00.000Z',
                by: null,
                before: null,
                after: {
                  costPrice: 250,
                  smartEarnerPrice: 280,
                  resellerPrice: 270,
                  apiPrice: 260,
                  partnerPrice: null,
                  isAvailable: true,
                },
              },
              {
                at: '2026-11-20T09:00:00.000Z',
                by: 'demo_admin',
                before: {
                  costPrice: 250,
                  smartEarnerPrice: 280,
                  resellerPrice: 270,
                  apiPrice: 260,
                  partnerPrice: null,
                  isAvailable: true,
                },
                after: {
                  costPrice: 250,
                  smartEarnerPrice: 300,
                  resellerPrice: 270,
                  apiPrice: 260,
                  partnerPrice: null,
                  isAvailable: false,
                },
              },
            ],
          },
        },
      },
    });
    await chooseNetwork(user);
    await planRow('MTN 1GB SME');
    await user.click(screen.getByRole('button', { name: 'Price history of MTN 1GB SME' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Price history' }));
    const items = await dialog.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Changed');
    expect(items[0]).toHaveTextContent('demo_admin');
    expect(items[0]).toHaveTextContent('Smart earner₦280.00 → ₦300.00');
    expect(items[0]).toHaveTextContent('AvailableYes → No');
    expect(items[0]).not.toHaveTextContent('Reseller');
    expect(items[1]).toHaveTextContent('Added');
    expect(items[1]).toHaveTextContent('system');
  });
});

describe('changing a price (admins and agents)', () => {
  it('asks for a value, previews every plan that would change, then applies', async () => {
    const { user, requests } = openPlanPage();
    await chooseNetwork(user);
    await planRow('MTN 1GB SME');
    await user.click(screen.getByRole('button', { name: 'Change price of MTN 1GB SME' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change price' }));
    expect(dialog.getByText(/prices per GB/)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Please enter a valid value');
    expect(count(requests, 'POST /admin/updatePrice')).toBe(0);

    await user.type(dialog.getByLabelText('Smart earner price (₦)'), '320');
    await user.click(dialog.getByRole('button', { name: 'Preview' }));
    const preview = within(await dialog.findByRole('listitem', { name: 'MTN 1GB SME' }));
    expect(preview.getByText('₦300.00')).toBeInTheDocument();
    expect(preview.getByText('₦320.00')).toBeInTheDocument();
    expect(dialog.getByText('1 plan would change')).toBeInTheDocument();
    expect(requests.at(-1)?.body).toEqual({
      dataId: planUuid(1),
      newPrice: { price: 320 },
      preview: true,
    });
    // Nothing changed yet.
    expect(
      within(screen.getByRole('row', { name: 'MTN 1GB SME' })).getByText('₦300.00'),
    ).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Price updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/admin/updatePrice').at(-1)?.body).toEqual({
      dataId: planUuid(1),
      newPrice: { price: 320 },
      preview: false,
    });
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: 'MTN 1GB SME' })).getByText('₦320.00'),
      ).toBeInTheDocument(),
    );
  });

  it('previews again when a price is changed after the preview', async () => {
    const { user } = openPlanPage();
    await chooseNetwork(user);
    await planRow('MTN 1GB SME');
    await user.click(screen.getByRole('button', { name: 'Change price of MTN 1GB SME' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change price' }));
    await user.type(dialog.getByLabelText('API price (₦)'), '285');
    await user.click(dialog.getByRole('button', { name: 'Preview' }));
    await dialog.findByTestId('price-preview');
    await user.type(dialog.getByLabelText('API price (₦)'), '0');
    expect(dialog.queryByTestId('price-preview')).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Preview' })).toBeInTheDocument();
  });

  it("says the server's message, or 'something went wrong' when it has none", async () => {
    let answer: { status: number; data?: unknown } = {
      status: 400,
      data: {
        msg: 'MTN 2GB SME: The reseller price must not be below the API price',
        code: 'VALIDATION_ERROR',
      },
    };
    const { user } = openPlanPage({ extra: { 'POST /admin/updatePrice': () => answer } });
    await chooseNetwork(user);
    await planRow('MTN 1GB SME');
    await user.click(screen.getByRole('button', { name: 'Change price of MTN 1GB SME' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change price' }));
    await user.type(dialog.getByLabelText('API price (₦)'), '295');
    await user.click(dialog.getByRole('button', { name: 'Preview' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'MTN 2GB SME: The reseller price must not be below the API price',
    );

    answer = { status: 500, data: {} };
    await user.click(dialog.getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(dialog.getByRole('alert')).toHaveTextContent(/^something went wrong$/),
    );
  });
});

describe('/profile/updatePrice for an agent', () => {
  it('shows the price fields only: no cost, margins, availability, add, edit or delete', async () => {
    const { user } = openPlanPage({ role: 'agent' });
    await chooseNetwork(user);
    const row = within(await planRow('MTN 1GB SME'));
    expect(row.getByText('₦300.00')).toBeInTheDocument();
    expect(row.queryByTestId('margin-smartEarner')).not.toBeInTheDocument();
    expect(row.queryByText('₦250.00')).not.toBeInTheDocument();
    expect(row.queryByRole('switch')).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: /Edit|Delete|history/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add plan' })).not.toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Change price of MTN 1GB SME' })).toBeInTheDocument();
  });
});
