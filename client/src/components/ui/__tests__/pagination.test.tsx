import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { nextPage, pageButtons, Pagination, previousPage } from '../pagination';

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('pageButtons (20 buttons, 15 above 15 pages unless admin)', () => {
  it.each([false, true])('shows nothing for 0 and 1 page (admin %s)', (isAdmin) => {
    expect(pageButtons(1, 0, isAdmin)).toEqual([]);
    expect(pageButtons(1, 1, isAdmin)).toEqual([]);
  });

  it.each([false, true])('shows all of 15 pages (admin %s)', (isAdmin) => {
    expect(pageButtons(1, 15, isAdmin)).toEqual(range(1, 15));
    expect(pageButtons(15, 15, isAdmin)).toEqual(range(1, 15));
  });

  it('shows 15 of 16 pages to a customer and all 16 to an admin', () => {
    expect(pageButtons(1, 16)).toEqual(range(1, 15));
    expect(pageButtons(16, 16)).toEqual(range(2, 16));
    expect(pageButtons(1, 16, true)).toEqual(range(1, 16));
  });

  it('shows a window of 15 (customer) or 20 (admin) of 21 pages that follows the page', () => {
    expect(pageButtons(1, 21)).toEqual(range(1, 15));
    expect(pageButtons(11, 21)).toEqual(range(4, 18));
    expect(pageButtons(21, 21)).toEqual(range(7, 21));
    expect(pageButtons(1, 21, true)).toEqual(range(1, 20));
    expect(pageButtons(21, 21, true)).toEqual(range(2, 21));
  });

  it('wraps Prev on the first page and Next on the last', () => {
    expect(previousPage(1, 21)).toBe(21);
    expect(nextPage(21, 21)).toBe(1);
    expect(previousPage(5, 21)).toBe(4);
    expect(nextPage(5, 21)).toBe(6);
  });
});

describe('<Pagination>', () => {
  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPage={() => undefined} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('marks the current page and wraps around from the first page', async () => {
    const onPage = vi.fn();
    render(<Pagination page={1} totalPages={21} onPage={onPage} label="Pages" />);
    expect(screen.getAllByRole('button', { name: /^Page / })).toHaveLength(15);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(onPage).toHaveBeenCalledWith(21);
  });
});
