import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, buildUser, profileOf } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';

const signedIn = (overrides: Parameters<typeof buildUser>[0] = {}) => {
  const session = buildSession({ user: buildUser(overrides) });
  stubHttp({
    'GET /auth': { status: 200, data: profileOf(session) },
    'GET /admin/users': {
      status: 200,
      data: { users: [], totalUsers: 0, totalPages: 1, totalBalance: 0 },
    },
  });
  return { token: session.token, user: session.user };
};

describe('route guards', () => {
  it('shows the login screen at /profile when there is no token', async () => {
    stubHttp({});
    renderApp({ route: '/profile' });

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/profile');
    expect(screen.queryByTestId('balance')).not.toBeInTheDocument();
  });

  it('shows the login screen for admin pages too when there is no token', async () => {
    stubHttp({});
    renderApp({ route: '/admin/users' });
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
  });

  it.each([
    '/admin',
    '/admin/users',
    '/admin/sendMail',
    '/profile/adminSettings',
    '/profile/updatePrice',
  ])('redirects a non-admin from %s to /profile', async (route) => {
    renderApp({ route, session: signedIn() });

    expect(await screen.findByTestId('balance')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/);
  });

  it('lets an agent open the user list and the price page, but not the admin dashboard', async () => {
    const session = signedIn({ isAgent: true });

    const first = renderApp({ route: '/admin/users', session });
    expect(await screen.findByRole('heading', { name: 'User list' })).toBeInTheDocument();
    expect(await screen.findByText('No user matches these filters.')).toBeInTheDocument();
    first.unmount();

    const second = renderApp({ route: '/profile/updatePrice', session });
    expect(await screen.findByRole('heading', { name: 'Update price' })).toBeInTheDocument();
    second.unmount();

    renderApp({ route: '/admin', session });
    expect(await screen.findByTestId('balance')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/);
  });

  it('lets an admin open admin pages, matching paths case-insensitively', async () => {
    renderApp({ route: '/admin/sendmail', session: signedIn({ isAdmin: true }) });

    expect(await screen.findByRole('heading', { name: 'Send email' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/sendmail');
  });

  it('shows a not-found page with a way home for unknown paths', async () => {
    stubHttp({});
    renderApp({ route: '/no/such/page' });

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back home' })).toHaveAttribute('href', '/');
  });
});
