/**
 * Pagination (docs/product-rules.md#pagination): up to 20 page buttons (15 when there are more than
 * 15 pages and the viewer is not an admin), a window that follows the current page; Previous and
 * Next wrap around.
 */
export const pageButtons = (page: number, totalPages: number, isAdmin = false): number[] => {
  if (totalPages <= 1) return [];
  const limit = totalPages > 15 && !isAdmin ? 15 : 20;
  const count = Math.min(totalPages, limit);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => start + index);
};

export const previousPage = (page: number, totalPages: number): number =>
  page <= 1 ? totalPages : page - 1;

export const nextPage = (page: number, totalPages: number): number =>
  page >= totalPages ? 1 : page + 1;

type TPaginationProps = {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  isAdmin?: boolean;
  label?: string;
};

export const Pagination = ({
  page,
  totalPages,
  onPage,
  isAdmin = false,
  label = 'Pages',
}: TPaginationProps) => {
  const pages = pageButtons(page, totalPages, isAdmin);
  if (pages.length === 0) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => onPage(previousPage(page, totalPages))}
      >
        Prev
      </button>
      {pages.map((number) => (
        <button
          key={number}
          type="button"
          className={number === page ? 'btn btn-primary btn-sm' : 'btn btn-ghost btn-sm'}
          aria-current={number === page ? 'page' : undefined}
          aria-label={`Page ${number}`}
          onClick={() => onPage(number)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        onClick={() => onPage(nextPage(page, totalPages))}
      >
        Next
      </button>
    </nav>
  );
};
