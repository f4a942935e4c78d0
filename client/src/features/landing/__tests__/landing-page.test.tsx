import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';

const site = {
  appName: 'Vendo',
  officeAddress: '12 Admiralty Way, Lekki, Lagos',
  phone: '0700 000 0000',
  emails: ['support@vendo.example', 'hello@vendo.example'],
  chatUrl: 'https://chat.example/vendo',
  topUpUrl: 'https://pay.example/topup',
};

describe('/ (landing)', () => {
  it('welcomes a visitor with Login, Register and the price list', async () => {
    stubHttp({ 'GET /site': { status: 200, data: site } });
    renderApp();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Vendo');
    const hero = screen.getByRole('region', { name: 'Welcome to Vendo' });
    expect(within(hero).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(hero).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(within(hero).getByRole('link', { name: /price list/i })).toHaveAttribute(
      'href',
      '/priceList',
    );
    expect(within(hero).queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    for (const service of ['Airtime', 'Data bundles', 'Electricity token']) {
      expect(screen.getByRole('heading', { name: service })).toBeInTheDocument();
    }
  });

  it('greets a logged-in user by userName and offers the dashboard', () => {
    stubHttp({ 'GET /site': { status: 200, data: site } });
    renderApp({ session: { token: 't', user: buildUser({ userName: 'chidi' }) } });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome back, chidi');
    const hero = screen.getByRole('region', { name: 'Welcome back, chidi' });
    expect(within(hero).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(within(hero).queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(within(hero).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('shows the configured contact details, footer links and chat link', async () => {
    stubHttp({ 'GET /site': { status: 200, data: site } });
    renderApp();

    expect(await screen.findByText('12 Admiralty Way, Lekki, Lagos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0700 000 0000' })).toHaveAttribute(
      'href',
      'tel:07000000000',
    );
    expect(screen.getByRole('link', { name: 'hello@vendo.example' })).toHaveAttribute(
      'href',
      'mailto:hello@vendo.example',
    );
    const footerNav = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(footerNav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/', '/login', '/register', '/priceList', '/developers']);
    const chat = await screen.findByRole('link', { name: 'Chat with us' });
    expect(chat).toHaveAttribute('href', site.chatUrl);
    expect(chat).toHaveAttribute('target', '_blank');
  });
});
