import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetPageData } from '@/lib/page-data';
import { buildSite } from '@/test/factories';
import { LandingShell } from '../landing-shell';

const site = buildSite();

/** The data block the server puts in the page it serves. */
const embed = (data: unknown) => {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'page-data';
  block.textContent = JSON.stringify(data);
  document.body.append(block);
};

afterEach(() => {
  document.getElementById('page-data')?.remove();
  resetPageData();
});

describe('the landing shell (a visitor opening /, before the app is loaded)', () => {
  it("shows the landing page with the footer and chat link from the page's data, asking nothing", () => {
    embed({ site });
    const fetch = vi.spyOn(globalThis, 'fetch');
    render(<LandingShell navigate={vi.fn()} />);

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome to Vendo');
    expect(screen.getByText('12 Admiralty Way, Lekki, Lagos')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat with us' })).toHaveAttribute(
      'href',
      'https://chat.example/vendo',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('starts the app at the address of a followed link; a new tab stays the browser’s', () => {
    embed({ site });
    const navigate = vi.fn();
    render(<LandingShell navigate={navigate} />);
    const hero = screen.getByRole('region', { name: 'Welcome to Vendo' });
    const login = within(hero).getByRole('link', { name: 'Login' });
    expect(login).toHaveAttribute('href', '/login');

    expect(fireEvent.click(login)).toBe(false); // default prevented: no page load
    expect(navigate).toHaveBeenCalledWith('/login');
    navigate.mockClear();
    expect(fireEvent.click(login, { ctrlKey: true })).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(within(hero).getByRole('link', { name: /price list/i }));
    expect(navigate).toHaveBeenCalledWith('/priceList');
  });

  it("asks GET /site when the page has no data (the Vite dev server's page)", async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(JSON.stringify(site), { status: 200 }));
    render(<LandingShell navigate={vi.fn()} />);

    expect(await screen.findByText('12 Admiralty Way, Lekki, Lagos')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith('/api/v1/site');
  });
});
