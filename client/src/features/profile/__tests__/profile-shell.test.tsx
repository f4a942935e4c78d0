import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, buildUser, profileOf } from '@/test/factories';
import { stubHttp, type TRecordedRequest } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';

/** The requests the app made since the last signedIn(). */
let requests: TRecordedRequest[] = [];

const signedIn = (sessionOverrides: Parameters<typeof buildSession>[0] = {}) => {
  const session = buildSession(sessionOverrides);
  requests = stubHttp({
    'POST /admin/notification/seen': { status: 200, data: { msg: 'OK' } },
    'POST /auth/logout': { status: 200, data: { msg: 'You have been logged out' } },
    'GET /auth': { status: 200, data: profileOf(session) },
    'GET /site': {
      status: 200,
      data: {
        appName: 'Vendo',
        officeAddress: '',
        phone: '',
        emails: [],
        chatUrl: 'https://chat.example',
        topUpUrl: '',
      },
    },
  });
  return { token: session.token, user: session.user };
};

const withHoverPointer = (matches: boolean) => {
  window.matchMedia = vi.fn().mockReturnValue({ matches }) as unknown as typeof window.matchMedia;
};

/** A phone (the menu is a drawer) or a desktop with a mouse (the menu is a rail). */
const screenOf = (kind: 'phone' | 'desktop') => {
  window.matchMedia = vi.fn((query: string) => ({
    matches: kind === 'phone' ? query.includes('max-width') : !query.includes('max-width'),
  })) as unknown as typeof window.matchMedia;
};

describe('profile shell', () => {
  afterEach(() => {
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('logs out from the menu: the server revokes the token, session cleared, login shown', async () => {
    const session = signedIn();
    const { user, store } = renderApp({ route: '/profile', session });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    const revoke = requests.filter((r) => r.method === 'POST' && r.url === '/auth/logout');
    expect(revoke).toHaveLength(1);
    expect(revoke[0]!.headers['x-auth-token']).toBe(session.token);
  });

  it.each([
    ['the server cannot be reached', 'network-error' as const],
    ['the server fails', { status: 503 }],
  ])('still ends the session here when %s', async (_case, reply) => {
    const session = buildSession();
    requests = stubHttp({
      'GET /auth': { status: 200, data: profileOf(session) },
      'POST /auth/logout': reply,
    });
    const { user, store } = renderApp({
      route: '/profile',
      session: { token: session.token, user: session.user },
    });

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(store.getState().auth.token).toBeNull();
    expect(requests.some((r) => r.url === '/auth/logout')).toBe(true);
  });

  it('opens the side menu on hover and closes it on leave (pointer screens)', async () => {
    withHoverPointer(true);
    renderApp({ route: '/profile', session: signedIn() });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(menu).toHaveAttribute('data-open', 'false');

    fireEvent.mouseEnter(menu);
    expect(menu).toHaveAttribute('data-open', 'true');
    fireEvent.mouseLeave(menu);
    expect(menu).toHaveAttribute('data-open', 'false');
  });

  it('opens the menu with the toggle on touch screens and closes it after a tap on a link', async () => {
    withHoverPointer(false);
    const { user } = renderApp({ route: '/profile', session: signedIn() });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });

    fireEvent.mouseEnter(menu);
    expect(menu).toHaveAttribute('data-open', 'false');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(menu).toHaveAttribute('data-open', 'true');
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await user.click(screen.getByRole('link', { name: 'Transactions' }));
    expect(menu).toHaveAttribute('data-open', 'false');
    expect(await screen.findByRole('heading', { name: 'Transactions' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Filters' })).toBeInTheDocument();
  });

  it('keeps the keyboard in the open phone menu; Escape closes it, also on its button', async () => {
    screenOf('phone');
    const { user } = renderApp({ route: '/profile', session: signedIn() });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    screen.getByRole('button', { name: 'Open menu' }).focus();

    await user.keyboard('{Enter}');
    expect(menu).toHaveAttribute('data-open', 'true');
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveFocus();
    await user.tab({ shift: true }); // to the menu's button, which closes it
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
    await user.tab({ shift: true }); // round to the last item, not the page behind
    expect(within(menu).getByRole('button', { name: 'Logout' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();

    await user.keyboard('{Escape}'); // on the button
    expect(menu).toHaveAttribute('data-open', 'false');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.tab();
    expect(within(menu).getByRole('link', { name: 'Buy data' })).toHaveFocus();
    await user.keyboard('{Escape}'); // in the menu: closed, focus back on its button
    expect(menu).toHaveAttribute('data-open', 'false');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('opens the desktop rail while a link in it has the keyboard focus', async () => {
    screenOf('desktop');
    renderApp({ route: '/profile', session: signedIn() });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(menu).toHaveAttribute('data-open', 'false');

    act(() => within(menu).getByRole('link', { name: 'Buy data' }).focus());
    expect(menu).toHaveAttribute('data-open', 'true');
    act(() => within(menu).getByRole('link', { name: 'Transfer' }).focus());
    expect(menu).toHaveAttribute('data-open', 'true');
    act(() => screen.getByRole('link', { name: /^Account: ?adaeze$/ }).focus());
    expect(menu).toHaveAttribute('data-open', 'false');
  });

  it('shows the admin section only to admins', async () => {
    const first = renderApp({ route: '/profile', session: signedIn() });
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.queryByRole('link', { name: 'Admin dashboard' })).not.toBeInTheDocument();
    first.unmount();

    renderApp({
      route: '/profile',
      session: signedIn({ user: buildUser({ isAdmin: true }), isAdmin: true }),
    });
    expect(await screen.findByRole('link', { name: 'Admin dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
  });

  it('lists every staff screen first, above the customer links', async () => {
    const admin = renderApp({
      route: '/profile',
      session: signedIn({ user: buildUser({ isAdmin: true }), isAdmin: true }),
    });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    const labels = () =>
      Array.from(menu.querySelectorAll('a')).map((link) => link.textContent?.trim());
    const adminLinks = labels();
    for (const label of ['Pending queue', 'Reconciliation', 'Audit log']) {
      expect(adminLinks).toContain(label);
    }
    expect(adminLinks.indexOf('Audit log')).toBeLessThan(adminLinks.indexOf('Dashboard'));
    expect(adminLinks.slice(0, 4)).toEqual([
      'Admin dashboard',
      'Pending queue',
      'Reconciliation',
      'Audit log',
    ]);
    admin.unmount();

    renderApp({
      route: '/profile',
      session: signedIn({ user: buildUser({ isAgent: true }) }),
    });
    const agentMenu = await screen.findByRole('navigation', { name: 'Main menu' });
    const agentLinks = Array.from(agentMenu.querySelectorAll('a')).map((a) =>
      a.textContent?.trim(),
    );
    expect(agentLinks.slice(0, 3)).toEqual(['User list', 'Pending queue', 'Update price']);
    expect(agentLinks).not.toContain('Audit log');
  });

  it('keeps the notification until OK, then never shows that one again', async () => {
    const notification = { id: '7', msg: 'MTN SME is slow today' };
    const session = signedIn({ notification });
    const first = renderApp({ route: '/profile', session });

    const dialog = await screen.findByRole('dialog', { name: 'Notice' });
    expect(dialog).toHaveTextContent('MTN SME is slow today');
    await waitFor(() => expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus());
    const { user } = first;
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('notificationAck')).toBe('7');
    // Remembered on the server too, so another device does not show it again.
    await waitFor(() =>
      expect(requests).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          url: '/admin/notification/seen',
          body: { id: 7 },
        }),
      ),
    );
    first.unmount();

    renderApp({ route: '/profile', session });
    await screen.findByTestId('balance');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the account details read-only', async () => {
    renderApp({
      route: '/profile/user',
      session: signedIn({
        user: buildUser({ userName: 'chidi', email: 'chidi@example.com', userType: 'reseller' }),
      }),
    });

    expect(await screen.findByRole('heading', { name: 'Account details' })).toBeInTheDocument();
    expect(screen.getByText('chidi@example.com')).toBeInTheDocument();
    expect(screen.getByText('Reseller')).toBeInTheDocument();
    const details = within(screen.getByRole('region', { name: 'Account details' }));
    expect(details.queryByRole('textbox')).not.toBeInTheDocument();
    expect(details.getByRole('link', { name: 'API guide and reference' })).toHaveAttribute(
      'href',
      '/developers',
    );
  });

  it('moves the chat link into the menu on account pages, where phones hide the floating button', async () => {
    renderApp({ route: '/profile', session: signedIn() });
    const floating = await screen.findByRole('link', { name: 'Chat with us' });
    expect(floating).toHaveClass('chat-button--account');
    expect(await screen.findByRole('link', { name: 'Support chat' })).toHaveAttribute(
      'href',
      'https://chat.example',
    );
  });

  it('keeps the chat button working after logout (cached data is reset, then refetched)', async () => {
    const { user } = renderApp({ route: '/profile', session: signedIn() });
    expect(await screen.findByRole('link', { name: 'Chat with us' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await screen.findByRole('heading', { name: 'Login' });
    const floating = await screen.findByRole('link', { name: 'Chat with us' });
    expect(floating).toHaveAttribute('href', 'https://chat.example');
    // Outside the account pages it floats on phones too.
    expect(floating).not.toHaveClass('chat-button--account');
  });
});
