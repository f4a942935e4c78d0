import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TPageData } from '@vendo/shared/schemas/page-data';
import type { Root } from 'react-dom/client';
import { hydrateRoot } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { readPageData, resetPageData } from '@/lib/page-data';
import { buildPriceRow, buildSite } from '@/test/factories';
import { stubHttp } from '@/test/http-stub';
import { startServerRenderer } from '@/test/server-render';
import { hydrateApp } from '../app';
import { landingShell } from '../landing-shell';

// Decision 0022: the server renders the public pages (src/entry-server.tsx) and the browser
// attaches to that markup. Here the server's render runs as the server runs it (in a thread of
// its own: test/server-render.ts), and the app hydrates it as main.tsx does; React's development
// build reports any difference between the two (text, attributes, elements) through
// console.error or onRecoverableError.

const site = buildSite();

let server: Awaited<ReturnType<typeof startServerRenderer>>;
beforeAll(async () => {
  server = await startServerRenderer();
}, 60_000);
afterAll(() => server?.stop());
const renderOnServer = (url: string, data: TPageData) => server.render(url, data);

let root: Root | undefined;
let errors: unknown[];
const onRecoverableError = (error: unknown) => errors.push(error);

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  resetPageData();
  window.history.pushState(null, '', '/');
});

/** The page as the server sends it: the markup in the root, the data block after it. */
const serve = async (path: string, data: TPageData) => {
  const markup = await renderOnServer(path, data);
  if (markup === undefined) throw new Error(`${path} is not rendered on the server`);
  // The server moves the leading <title> into the head (server/src/web/serve-client.ts).
  const body = markup.replace(/^<title>[^<]*<\/title>/, '');
  document.body.innerHTML = `<div id="root" data-server-rendered>${body}</div>`;
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'page-data';
  block.textContent = JSON.stringify(data);
  document.body.append(block);
  window.history.pushState(null, '', path);
  return { markup, container: document.getElementById('root')! };
};

describe('server rendering of the public pages', () => {
  it('renders the login form, its button disabled until the scripts attach', async () => {
    const markup = await renderOnServer('/login', { site });
    expect(markup).toMatch(/^<title>Login · Vendo<\/title>/);
    expect(markup).toContain('<h1 id="auth-title">Login</h1>');
    expect(markup).toMatch(/<form[^>]*aria-label="Login"/);
    expect(markup).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Login<\/button>/);
  });

  it('renders the price list from the page data, its text escaped', async () => {
    const markup = await renderOnServer('/priceList', {
      site,
      prices: [buildPriceRow({ id: '7', plan: '<img src=x onerror=alert(1)> & 1GB' })],
    });
    expect(markup).toContain('<h1>Price list</h1>');
    expect(markup).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; 1GB');
    expect(markup).not.toContain('<img');
    expect(markup).toContain('₦270.00');
  });

  it("renders a visitor's landing page with the site's details", async () => {
    const markup = await renderOnServer('/', { site });
    expect(markup).toContain('Welcome to Vendo');
    expect(markup).toContain('12 Admiralty Way, Lekki, Lagos');
  });

  it('leaves the account pages to the browser', async () => {
    expect(await renderOnServer('/profile', { site })).toBeUndefined();
    expect(await renderOnServer('/admin/users', { site })).toBeUndefined();
  });
});

describe('hydration of the server markup', () => {
  it('attaches to /login without a mismatch; text typed before is kept and submitted', async () => {
    const { container } = await serve('/login', { site });
    const requests = stubHttp({ 'POST /auth/login': { status: 401 } });
    // Typed while the scripts were still loading.
    fireEvent.input(screen.getByLabelText('Username, e-mail or business name'), {
      target: { value: 'ada' },
    });
    (screen.getByLabelText('Password') as HTMLInputElement).value = 'Secret#123';
    const button = screen.getByRole('button', { name: 'Login' });
    expect(button).toBeDisabled();

    await act(async () => {
      root = await hydrateApp(container, onRecoverableError);
    });
    await waitFor(() => expect(button).toBeEnabled());
    expect(errors).toEqual([]);

    fireEvent.click(button);
    await waitFor(() =>
      expect(requests.find((r) => r.url === '/auth/login')?.body).toEqual({
        userName: 'ada',
        password: 'Secret#123',
      }),
    );
  });

  it('attaches to /priceList without a mismatch, and the filters then work', async () => {
    const { container } = await serve('/priceList', {
      site,
      prices: [
        buildPriceRow({ id: '7', plan: '1GB' }),
        buildPriceRow({ id: '9', plan_network: 'GLO', plan: '2GB' }),
      ],
    });
    const requests = stubHttp({});
    await act(async () => {
      root = await hydrateApp(container, onRecoverableError);
    });
    const glo = screen.getByRole('button', { name: 'GLO' });
    await waitFor(() => {
      fireEvent.click(glo);
      expect(glo).toHaveAttribute('aria-pressed', 'true');
    });
    const rows = within(screen.getByRole('table', { name: 'Data plan prices' })).getAllByRole(
      'row',
    );
    expect(rows).toHaveLength(2); // the header and the GLO plan
    expect(errors).toEqual([]);
    expect(requests.filter((r) => r.url === '/prices')).toEqual([]);
  });

  it("attaches to a visitor's landing page without a mismatch", async () => {
    const { container } = await serve('/', { site });
    const navigate = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, landingShell(navigate, readPageData()), {
        onRecoverableError,
      });
    });
    const login = within(screen.getByRole('region', { name: 'Welcome to Vendo' })).getByText(
      'Login',
    );
    await waitFor(() => {
      fireEvent.click(login);
      expect(navigate).toHaveBeenCalledWith('/login');
    });
    expect(errors).toEqual([]);
  });
});
