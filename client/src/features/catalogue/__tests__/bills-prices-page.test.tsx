import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, buildUser, profileOf } from '@/test/factories';
import { stubHttp, type TRoute } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';
import { billsRoutes, billsUuid } from './bills-server';

/** /profile/billsPrices with the bills back office's side of the server. */
const openBillsPage = (role: 'admin' | 'agent' = 'admin', extra: Record<string, TRoute> = {}) => {
  const session = buildSession({
    user: buildUser({ isAdmin: role === 'admin', isAgent: role === 'agent' }),
  });
  const requests = stubHttp({
    'GET /auth': { status: 200, data: profileOf(session) },
    ...billsRoutes(),
    ...extra,
  });
  const view = renderApp({
    route: '/profile/billsPrices',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

type TUser = ReturnType<typeof openBillsPage>['user'];
const fill = async (user: TUser, field: HTMLElement, value: string) => {
  await user.click(field);
  await user.paste(value);
};
const sent = (requests: ReturnType<typeof openBillsPage>['requests'], key: string) =>
  requests.filter((r) => `${r.method} ${r.url}` === key).map((r) => r.body);

describe('/profile/billsPrices for an admin', () => {
  // The first test loads the page's lazy chunk: longer than 5 s on a busy machine.
  it('groups products by provider and exam body, with cost, margins, lock and availability', async () => {
    openBillsPage();
    const dstv = within(await screen.findByRole('region', { name: 'DStv' }));
    const padi = within(dstv.getByRole('row', { name: 'DStv Padi' }));
    expect(padi.getByText('₦4,500.00')).toBeInTheDocument();
    expect(padi.getByText('₦4,400.00')).toBeInTheDocument(); // cost
    expect(padi.getByTestId('margin-reseller')).toHaveTextContent('Margin +₦70.00');
    expect(padi.getByRole('switch', { name: 'DStv Padi available' })).toBeChecked();
    expect(dstv.getByText('Selling')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'GOtv' })).getByText('Locked')).toBeVisible();

    // Exam PINs are a fixed list: no add and no delete.
    const waec = within(screen.getByRole('region', { name: 'WAEC result checker' }));
    expect(waec.queryByRole('button', { name: /Add bouquet/ })).not.toBeInTheDocument();
    expect(waec.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(waec.getByRole('button', { name: 'Edit WAEC result checker PIN' })).toBeVisible();
  }, 15_000);

  it('changes a bouquet price, with the rule message for a bad value first', async () => {
    const { user, requests } = openBillsPage();
    const row = within(await screen.findByRole('row', { name: 'DStv Compact' }));
    await user.click(row.getByRole('button', { name: 'Change price of DStv Compact' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change price' }));

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Please enter a valid value');
    await fill(user, dialog.getByLabelText('Smart earner price (₦)'), '19.999');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Enter a valid smart earner price');
    expect(sent(requests, `POST /admin/bills/products/${billsUuid(2)}/price`)).toEqual([]);

    await user.clear(dialog.getByLabelText('Smart earner price (₦)'));
    await fill(user, dialog.getByLabelText('Smart earner price (₦)'), '19500');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Price updated successfully')).toBeInTheDocument();
    expect(sent(requests, `POST /admin/bills/products/${billsUuid(2)}/price`)).toEqual([
      { smartEarnerPrice: 19500 },
    ]);
    expect(await row.findByText('₦19,500.00')).toBeInTheDocument();
  });

  it('shows the server’s price-order message in the dialog', async () => {
    const { user } = openBillsPage('admin', {
      [`POST /admin/bills/products/${billsUuid(1)}/price`]: {
        status: 400,
        data: {
          msg: 'DStv Padi: The reseller price must not be below the API price',
          code: 'VALIDATION_ERROR',
        },
      },
    });
    const row = within(await screen.findByRole('row', { name: 'DStv Padi' }));
    await user.click(row.getByRole('button', { name: 'Change price of DStv Padi' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Change price' }));
    await fill(user, dialog.getByLabelText('API price (₦)'), '4480');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The reseller price must not be below the API price',
    );
  });

  // Six fields typed: longer than the default 5 s on a busy machine.
  it('adds a bouquet to a cable provider', async () => {
    const { user, requests } = openBillsPage();
    await user.click(await screen.findByRole('button', { name: 'Add bouquet to GOtv' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a GOtv bouquet' }));
    await user.click(dialog.getByRole('button', { name: 'Add bouquet' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('Enter the bouquet code');
    await fill(user, dialog.getByLabelText('Name'), 'GOtv Supa Plus');
    await fill(user, dialog.getByLabelText('Bouquet code'), 'gotv-supa-plus');
    await fill(user, dialog.getByLabelText('Cost price (₦)'), '16800');
    await fill(user, dialog.getByLabelText('Smart earner price (₦)'), '16900');
    await fill(user, dialog.getByLabelText('Reseller price (₦)'), '16870');
    await fill(user, dialog.getByLabelText('API price (₦)'), '16850');
    await user.click(dialog.getByRole('button', { name: 'Add bouquet' }));
    expect(await screen.findByText('Bouquet added')).toBeInTheDocument();
    expect(sent(requests, 'POST /admin/bills/products')).toEqual([
      {
        serviceId: 'gotv',
        code: 'gotv-supa-plus',
        name: 'GOtv Supa Plus',
        costPrice: 16800,
        smartEarnerPrice: 16900,
        resellerPrice: 16870,
        apiPrice: 16850,
        isAvailable: true,
      },
    ]);
    expect(await screen.findByRole('row', { name: 'GOtv Supa Plus' })).toBeInTheDocument();
  }, 15_000);

  it('hides a bouquet and deletes one', async () => {
    const { user, requests } = openBillsPage();
    await user.click(await screen.findByRole('switch', { name: 'GOtv Max available' }));
    expect(await screen.findByRole('switch', { name: 'GOtv Max available' })).not.toBeChecked();
    expect(sent(requests, `PATCH /admin/bills/products/${billsUuid(3)}`)).toEqual([
      { isAvailable: false },
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete DStv Padi' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Delete bouquet?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('DStv Padi is deleted')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'DStv Padi' })).not.toBeInTheDocument();
  });
});

describe('/profile/billsPrices for an agent', () => {
  it('shows prices without cost or margins and lets the agent change prices only', async () => {
    openBillsPage('agent');
    const row = within(await screen.findByRole('row', { name: 'DStv Padi' }));
    expect(row.getByRole('button', { name: 'Change price of DStv Padi' })).toBeVisible();
    expect(row.queryByText('₦4,400.00')).not.toBeInTheDocument();
    expect(row.queryByTestId('margin-api')).not.toBeInTheDocument();
    expect(row.queryByRole('switch')).not.toBeInTheDocument();
    expect(row.queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add bouquet/ })).not.toBeInTheDocument();
  });
});
