import { lazy, Suspense, useEffect, useState } from 'react';
import { formatNairaAmount } from '@vendo/shared/money';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppSelector } from '@/app/hooks';
import { Pagination } from '@/components/ui/pagination';
import { RowButton } from '@/components/ui/row-button';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format-date';
import { useForm } from '@/lib/use-form';
import '@/styles/components/select.css';
import '../history.css';
import { downloadStatement } from '../api/download-statement';
import { useGetHistoryQuery } from '../api/get-history.api';
import {
  CLEARED,
  FILTER_DEBOUNCE_MS,
  filtersFromParams,
  formatVolume,
  paramsFromFilters,
  queryOf,
  STATUS_FILTER_LABELS,
  STATUS_OPTIONS,
  TYPE_LABELS,
  TYPE_OPTIONS,
  type THistoryFilters,
} from '../lib/history';
import { networkOf, servedOf } from '@/lib/transaction-fields';
import { Amount, Status, subject } from './history-row-parts';

// Staff only: re-query and refund, loaded when a staff member first opens a row.
const TransactionActionsDialog = lazy(() =>
  import('@/components/staff/transaction-actions-dialog').then((m) => ({
    default: m.TransactionActionsDialog,
  })),
);

/**
 * /profile/transactions (docs/product-rules.md#history): the history of every role, filtered by
 * page, type, status, phone and dates (and the user account for staff), with the totals,
 * per-network figures and a CSV statement. Cards on a phone, a table on wide screens; a row opens
 * its receipt (staff: re-query and refund, docs/product-rules.md#refunds-and-re-queries).
 * /admin/transactions is this page for admins.
 */
export const HistoryPage = () => {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const staff = useAppSelector((s) => s.auth.isAdmin || s.auth.user?.isAgent === true);
  const isAdmin = useAppSelector((s) => s.auth.isAdmin);
  const token = useAppSelector((s) => s.auth.token);
  const filters = filtersFromParams(params);

  // Typed filters wait for a pause in typing (docs/product-rules.md#timing) before they reach the
  // address.
  const form = useForm({ phone: filters.phone, account: filters.account });
  const { phone, account } = form.values;
  // The address changed elsewhere (Clear filter, a shortcut): the fields follow it.
  const [shown, setShown] = useState({ phone: filters.phone, account: filters.account });
  if (shown.phone !== filters.phone || shown.account !== filters.account) {
    setShown({ phone: filters.phone, account: filters.account });
    form.setValues({ phone: filters.phone, account: filters.account });
  }

  // Phones show the filters folded (CSS); the toggle opens them. Counted: filters in use.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = [
    filters.type !== CLEARED.type,
    filters.status !== CLEARED.status,
    filters.phone !== '',
    filters.account !== '',
    filters.from !== '',
    filters.to !== '',
  ].filter(Boolean).length;

  const apply = (changes: Partial<THistoryFilters>) =>
    setParams(paramsFromFilters({ ...filters, page: 1, ...changes }), { replace: true });

  useEffect(() => {
    if (phone === filters.phone && account === filters.account) return undefined;
    const timer = setTimeout(() => apply({ phone, account }), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // apply reads the latest filters from the address on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phone, account]);

  const query = queryOf(filters, staff);
  const { currentData, isFetching, isError, error, refetch } = useGetHistoryQuery(query);
  const [downloading, setDownloading] = useState(false);
  const backwards = Boolean(filters.from && filters.to && filters.from > filters.to);

  const download = async () => {
    setDownloading(true);
    try {
      const name = await downloadStatement({ ...query, page: undefined }, token);
      toast.success(`Statement downloaded (${name})`);
    } catch {
      toast.error('We could not prepare your statement. Please try again.');
    } finally {
      setDownloading(false);
    }
  };

  // A customer's row opens its receipt; a staff member's opens re-query and refund first.
  const [acting, setActing] = useState<TTransaction | null>(null);
  const open = (row: TTransaction) =>
    staff ? setActing(row) : void navigate(`/profile/receipt/${encodeURIComponent(row._id)}`);
  const rows = currentData?.transactions ?? [];
  const totalPages = currentData?.totalPages ?? 0;

  return (
    <section className="history" aria-labelledby="history-title">
      <div className="card">
        <div className="history-head">
          <h1 className="card-title" id="history-title">
            Transactions
          </h1>
          <div className="history-head-actions">
            {/* On a phone the filters fold away so that the list starts on the first screen. */}
            <button
              type="button"
              className="btn btn-secondary btn-sm history-filters-toggle"
              aria-expanded={filtersOpen}
              aria-controls="history-filters"
              onClick={() => setFiltersOpen((open) => !open)}
            >
              {filtersOpen
                ? 'Hide filters'
                : activeFilters > 0
                  ? `Filters (${activeFilters} on)`
                  : 'Filters'}
            </button>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void download()}
              disabled={downloading}
            >
              {downloading ? (
                'Preparing...'
              ) : (
                <>
                  {/* "CSV" alone on a phone; its name stays "Download CSV". */}
                  <span className="history-csv-word">Download </span>CSV
                </>
              )}
            </button>
          </div>
        </div>
        <form
          id="history-filters"
          className="history-filters"
          data-open={filtersOpen}
          aria-label="Filters"
          onSubmit={form.handleSubmit(() => apply({ phone, account }))}
        >
          <SelectField
            label="Type"
            name="type"
            value={filters.type}
            options={TYPE_OPTIONS.map((value) => ({ value, label: TYPE_LABELS[value] ?? value }))}
            onChange={(event) => apply({ type: event.target.value })}
          />
          <SelectField
            label="Status"
            name="status"
            value={filters.status}
            options={STATUS_OPTIONS.map((value) => ({
              value,
              label: STATUS_FILTER_LABELS[value] ?? value,
            }))}
            onChange={(event) => apply({ status: event.target.value })}
          />
          <TextField
            label="Phone number"
            name="phone"
            className={staff ? undefined : 'history-phone-wide'}
            inputMode="numeric"
            autoComplete="off"
            maxLength={15}
            value={phone}
            onChange={(event) => form.set('phone', event.target.value.replace(/\D/g, ''))}
          />
          {staff && (
            <TextField
              label="User account"
              name="account"
              autoComplete="off"
              maxLength={60}
              value={account}
              onChange={(event) => form.set('account', event.target.value.trim())}
            />
          )}
          <TextField
            label="From"
            name="from"
            type="date"
            value={filters.from}
            onChange={(event) => apply({ from: event.target.value })}
          />
          <TextField
            label="To"
            name="to"
            type="date"
            value={filters.to}
            invalid={backwards}
            hint={backwards ? 'The start date is after the end date' : undefined}
            onChange={(event) => apply({ to: event.target.value })}
          />
          <div className="history-filter-actions">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                form.setValues({ phone: '', account: '' });
                setParams(paramsFromFilters(CLEARED), { replace: true });
              }}
            >
              Clear filter
            </button>
          </div>
        </form>
      </div>

      {currentData && (
        <div className="card history-totals" aria-label="Totals" role="region">
          <dl className="history-figures">
            <div>
              <dt>Transactions</dt>
              <dd data-testid="total-count">
                {currentData.noOfTransaction.toLocaleString('en-NG')}
              </dd>
            </div>
            <div>
              <dt>Sales</dt>
              <dd data-testid="total-sales">{formatNairaAmount(currentData.totalSales)}</dd>
            </div>
            <div>
              <dt>Money out</dt>
              <dd data-testid="total-debit">{formatNairaAmount(currentData.totalDebit)}</dd>
            </div>
            <div>
              <dt>Money in</dt>
              <dd data-testid="total-credit">{formatNairaAmount(currentData.totalCredit)}</dd>
            </div>
            <div>
              <dt>Data sold</dt>
              <dd data-testid="total-volume">{formatVolume(currentData.totalVolumeSold)}</dd>
            </div>
            {staff && (
              <div>
                <dt>Profit</dt>
                <dd data-testid="total-profit">{formatNairaAmount(currentData.totalProfit)}</dd>
              </div>
            )}
          </dl>
          <ul className="history-networks" aria-label="Data sold per network">
            {currentData.stat.map((s) => (
              <li key={s.network}>
                <span className="history-network">{s.network}</span>
                <span>{formatVolume(s.total_volume_sold)}</span>
                {staff && <span className="muted small">{formatNairaAmount(s.profit)} profit</span>}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="card history-list-card">
        {!currentData && isFetching && (
          <div className="page-spinner" role="status">
            <Spinner />
            <p className="muted">Loading transactions...</p>
          </div>
        )}
        {isError && !isFetching && (
          <div className="history-empty" role="alert">
            <p>{errorMessage(error, 'We could not load your transactions.')}</p>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void refetch()}
            >
              Try again
            </button>
          </div>
        )}
        {currentData && rows.length === 0 && (
          <div className="history-empty" data-testid="history-empty">
            <p>No transactions match these filters.</p>
            <Link className="btn btn-primary btn-sm" to="/profile/buydata">
              Buy data
            </Link>
          </div>
        )}
        {rows.length > 0 && (
          <>
            <ul className="history-cards" aria-label="Transactions list">
              {rows.map((row) => (
                <li key={row._id}>
                  <button type="button" className="history-card" onClick={() => open(row)}>
                    <span className="history-card-top">
                      <span className="history-type">
                        {TYPE_LABELS[row.trans_Type] ?? row.trans_Type} · {networkOf(row)}
                      </span>
                      <Amount row={row} />
                    </span>
                    <span className="history-card-bottom">
                      <span className="muted small">
                        {formatDateTime(row.createdAt)}
                        {subject(row) && networkOf(row) !== subject(row)
                          ? ` · ${subject(row)}`
                          : ''}
                        {staff ? ` · ${row.trans_UserName}` : ''}
                      </span>
                      <Status status={row.trans_Status} />
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <table className="history-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Type</th>
                  <th scope="col">Network</th>
                  <th scope="col">Phone / meter</th>
                  {staff && <th scope="col">User</th>}
                  <th scope="col" className="num">
                    Amount
                  </th>
                  {staff && (
                    <th scope="col" className="num">
                      Profit
                    </th>
                  )}
                  <th scope="col" className="num">
                    Balance after
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row._id} onClick={() => open(row)}>
                    <td>
                      <RowButton
                        action={`${TYPE_LABELS[row.trans_Type] ?? row.trans_Type} ${formatNairaAmount(row.trans_amount)}, ${staff ? 'open actions' : 'open receipt'}`}
                      >
                        {formatDateTime(row.createdAt)}
                      </RowButton>
                    </td>
                    <td>{TYPE_LABELS[row.trans_Type] ?? row.trans_Type}</td>
                    <td>{networkOf(row)}</td>
                    <td>{servedOf(row) ?? '—'}</td>
                    {staff && <td>{row.trans_UserName}</td>}
                    <td className="num">
                      <Amount row={row} />
                    </td>
                    {staff && <td className="num">{formatNairaAmount(row.trans_profit ?? 0)}</td>}
                    <td className="num">{formatNairaAmount(row.balance_After)}</td>
                    <td>
                      <Status status={row.trans_Status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
        <Pagination
          page={filters.page}
          totalPages={totalPages}
          isAdmin={isAdmin}
          label="Transaction pages"
          onPage={(page) => apply({ page })}
        />
      </div>
      {acting && (
        <Suspense fallback={null}>
          <TransactionActionsDialog row={acting} onClose={() => setActing(null)} />
        </Suspense>
      )}
    </section>
  );
};
