import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPageData } from '@/lib/page-data';
import { buildPriceRow } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';

afterEach(() => {
  document.getElementById('page-data')?.remove();
  resetPageData();
});

describe('/priceList', () => {
  it("shows the price list embedded in the server's page at once, without asking the API", async () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'page-data';
    block.textContent = JSON.stringify({ prices: [buildPriceRow({ id: '7', plan: '1GB' })] });
    document.body.append(block);
    const requests = stubHttp({ 'GET /prices': { status: 200, data: [] } });
    renderApp({ route: '/priceList' });

    await screen.findByRole('link', { name: 'Buy now' });
    expect(screen.getByText('1GB')).toBeInTheDocument();
    expect(requests.filter((r) => r.url === '/prices')).toEqual([]);
  });

  it('lists plan id, network-type, volume, the three prices and validity cut to 7 characters', async () => {
    stubHttp({
      'GET /prices': {
        status: 200,
        data: [
          buildPriceRow({ id: '7', plan: '1GB', month_validate: '30 days validity' }),
          buildPriceRow({
            id: '12',
            plan_network: 'GLO',
            plan_type: 'CG',
            plan: '2GB',
            my_price: 1020.5,
            resellerPrice: 1000,
            apiPrice: 990,
            month_validate: '7 days',
          }),
        ],
      },
    });
    renderApp({ route: '/priceList' });

    await screen.findAllByRole('link', { name: 'Buy now' });
    const rows = within(screen.getByRole('table', { name: 'Data plan prices' })).getAllByRole(
      'row',
    );
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Plan ID',
      'Network-type',
      'Volume',
      'Price',
      'Reseller',
      'API',
      'Validity',
      'Action',
    ]);
    const glo = within(rows[2]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(glo.slice(0, 7)).toEqual([
      '12',
      'GLO CG',
      '2GB',
      '₦1,020.50',
      '₦1,000.00',
      '₦990.00',
      '7 days',
    ]);
    expect(within(rows[1]!).getByText('30 days')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Buy now' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('shows the airtime discount of each account type and the electricity fee', async () => {
    stubHttp({ 'GET /prices': { status: 200, data: [buildPriceRow()] } });
    renderApp({ route: '/priceList' });
    const table = await screen.findByRole('table', {
      name: 'Airtime discount by account type',
    });
    const row = (name: string) =>
      within(table)
        .getByRole('rowheader', { name })
        .closest('tr')!
        .textContent?.replace(/\s+/g, ' ');
    expect(row('Smart earner')).toBe('Smart earner1%₦990.00');
    expect(row('Reseller')).toBe('Reseller2%₦980.00');
    expect(row('API user')).toBe('API user1%₦990.00');
    expect(screen.getByTestId('electricity-fee')).toHaveTextContent('plus a ₦50.00 fee');
  });

  it('filters by network', async () => {
    stubHttp({
      'GET /prices': {
        status: 200,
        data: [buildPriceRow({ id: '1' }), buildPriceRow({ id: '2', plan_network: 'AIRTEL' })],
      },
    });
    const { user } = renderApp({ route: '/priceList' });
    await screen.findAllByRole('link', { name: 'Buy now' });

    await user.click(screen.getByRole('button', { name: 'AIRTEL' }));

    expect(screen.getByRole('button', { name: 'AIRTEL' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('link', { name: 'Buy now' })).toHaveLength(1);
    expect(screen.getByRole('cell', { name: 'AIRTEL SME' })).toBeInTheDocument();
  });

  it('only logs a failure, and says prices are unavailable', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubHttp({ 'GET /prices': { status: 500, data: { msg: 'Boom', code: 'INTERNAL' } } });
    renderApp({ route: '/priceList' });

    expect(await screen.findByText(/prices are not available right now/i)).toBeInTheDocument();
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Price list failed to load', expect.anything());
  });
});
