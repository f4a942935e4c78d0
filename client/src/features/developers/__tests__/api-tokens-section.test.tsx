import { screen, waitFor, within } from '@testing-library/react';
import type { TApiToken } from '@vendo/shared/schemas/api-tokens.responses';
import { describe, expect, it, vi } from 'vitest';
import { buildSession } from '@/test/factories';
import { stubHttp, type TRecordedRequest } from '@/test/http-stub';
import { profileServer } from '@/test/profile-server';
import { renderApp } from '@/test/render-app';

const SECRET = `vendo_test_${'s'.repeat(43)}`;

/** The server's side in the test: the caller's tokens, changed only by the stubbed calls. */
const openAccount = (start: TApiToken[] = []) => {
  let tokens = [...start];
  const session = buildSession();
  const server = profileServer(session);
  const requests = stubHttp({
    'GET /auth': server.route,
    'GET /auth/apiTokens': () => ({ status: 200, data: { apiTokens: tokens } }),
    'POST /auth/apiTokens': (request: TRecordedRequest) => {
      const { name } = request.body as { name: string };
      if (tokens.some((t) => t.name === name)) {
        return {
          status: 400,
          data: { msg: `You already have a token named "${name}"`, code: 'VALIDATION_ERROR' },
        };
      }
      const apiToken = {
        id: `id-${tokens.length + 1}`,
        name,
        createdAt: '2026-11-20T09:00:00.000Z',
        lastUsedAt: null,
      };
      tokens = [apiToken, ...tokens];
      return {
        status: 201,
        data: { msg: 'Copy your API token now', token: SECRET, apiToken },
      };
    },
    'DELETE /auth/apiTokens/id-old': () => {
      tokens = tokens.filter((t) => t.id !== 'id-old');
      return { status: 200, data: { msg: 'API token revoked', apiTokens: tokens } };
    },
  });
  const view = renderApp({
    route: '/profile/user',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};

const section = async () =>
  within((await screen.findByRole('heading', { name: 'API tokens' })).closest('section')!);

const OLD: TApiToken = {
  id: 'id-old',
  name: 'Old shop',
  createdAt: '2026-10-01T09:00:00.000Z',
  lastUsedAt: '2026-11-19T15:30:00.000Z',
};

describe('/profile/user API tokens', () => {
  it('lists tokens with when they were made and last used, and says when there are none', async () => {
    openAccount([OLD, { ...OLD, id: 'id-new', name: 'Website', lastUsedAt: null }]);
    const tokens = await section();
    const list = await tokens.findByRole('list', { name: 'Your API tokens' });
    const old = within(within(list).getByRole('listitem', { name: 'Old shop' }));
    expect(old.getByText(/^Created 1 Oct 2026/)).toBeInTheDocument();
    expect(old.getByText(/^Last used 19 Nov 2026/)).toBeInTheDocument();
    expect(
      within(within(list).getByRole('listitem', { name: 'Website' })).getByText('Last used never'),
    ).toBeInTheDocument();
  });

  it('creates a named token and shows its secret once, with Copy and a warning', async () => {
    const { user, requests } = openAccount();
    const tokens = await section();
    expect(await tokens.findByTestId('no-api-tokens')).toHaveTextContent(
      'You have no API tokens yet.',
    );

    await user.click(tokens.getByRole('button', { name: 'Create token' }));
    expect(tokens.getByRole('alert')).toHaveTextContent('Give the token a name');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(tokens.getByLabelText('Token name'), '  My shop ');
    await user.click(tokens.getByRole('button', { name: 'Create token' }));
    const box = within(await tokens.findByRole('status', { name: 'New API token' }));
    expect(box.getByTestId('new-token')).toHaveTextContent(SECRET);
    expect(box.getByText(/you will not be able to see it again/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ name: 'My shop' });
    expect(await tokens.findByRole('listitem', { name: 'My shop' })).toBeInTheDocument();
    expect(tokens.getByLabelText('Token name')).toHaveValue('');

    Object.defineProperty(window, 'isSecureContext', { value: true, configurable: true });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(box.getByRole('button', { name: 'Copy token' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText('Copied')).toBeInTheDocument();

    // Once closed, the secret is gone from the page for good.
    await user.click(box.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(tokens.getByRole('listitem', { name: 'My shop' })).not.toHaveTextContent(SECRET);
  });

  it("shows the server's refusal of a name in the form", async () => {
    const { user } = openAccount([OLD]);
    const tokens = await section();
    await user.type(tokens.getByLabelText('Token name'), 'Old shop');
    await user.click(tokens.getByRole('button', { name: 'Create token' }));
    expect(await tokens.findByRole('alert')).toHaveTextContent(
      'You already have a token named "Old shop"',
    );
    expect(tokens.queryByRole('status', { name: 'New API token' })).not.toBeInTheDocument();
  });

  it('revokes a token only after the confirmation', async () => {
    const { user, requests } = openAccount([OLD]);
    const tokens = await section();
    const item = await tokens.findByRole('listitem', { name: 'Old shop' });
    await user.click(within(item).getByRole('button', { name: 'Revoke' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Software using “Old shop” stops working at once/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    expect(tokens.getByRole('listitem', { name: 'Old shop' })).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Revoke' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText('API token revoked')).toBeInTheDocument();
    await waitFor(() =>
      expect(tokens.queryByRole('listitem', { name: 'Old shop' })).not.toBeInTheDocument(),
    );
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '/auth/apiTokens/id-old',
    ]);
  });
});
