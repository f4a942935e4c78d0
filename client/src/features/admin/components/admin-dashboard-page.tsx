import { formatNairaAmount } from '@vendo/shared/money';
import type { TLedgerCheck } from '@vendo/shared/schemas/admin.responses';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import '../admin.css';
import { useGetAdminDashboardQuery, useGetSalesChartQuery } from '../api/admin-dashboard.api';
import { useGetUsersQuery } from '../api/admin-users.api';
import { OpenAlerts } from './open-alerts';

// chart.js is the heaviest thing on this screen: it loads after the figures, in its own chunk.
const SalesChart = lazy(() => import('./sales-chart').then((m) => ({ default: m.SalesChart })));

const SEARCH_DEBOUNCE_MS = 500;

const Tile = ({
  label,
  value,
  note,
  to,
  warn,
  testId,
}: {
  label: string;
  value: string;
  note?: string;
  to?: string;
  warn?: boolean;
  testId?: string;
}) => {
  const body = (
    <>
      <span className="admin-tile-label">{label}</span>
      <span className="admin-tile-value" data-testid={testId}>
        {value}
      </span>
      {note && <span className="admin-tile-note">{note}</span>}
    </>
  );
  const className = warn ? 'admin-tile admin-tile-warn' : 'admin-tile';
  return to ? (
    <Link className={className} to={to}>
      {body}
    </Link>
  ) : (
    <div className={className}>{body}</div>
  );
};

/** The ledger check tile's figure: how the last scheduled run of the invariants went. */
const ledgerCheckValue = (check: TLedgerCheck | null): string => {
  if (!check) return 'Not run yet';
  if (check.error) return 'Did not finish';
  const count = check.violations.length;
  return count === 0 ? 'Balanced' : `${count} invariant${count === 1 ? '' : 's'} broken`;
};

/** The dashboard's search box: users matching any field, case-insensitively. */
const UserSearch = () => {
  const navigate = useNavigate();
  const form = useForm({ search: '' });
  const text = form.values.search;
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { currentData, isFetching } = useGetUsersQuery({ search }, { skip: search === '' });
  const found = currentData?.users.slice(0, 5) ?? [];
  const all = `/admin/users?search=${encodeURIComponent(search)}`;

  return (
    <section className="card" aria-labelledby="admin-search-title">
      <h2 className="card-title" id="admin-search-title">
        Find a user
      </h2>
      <form
        role="search"
        onSubmit={form.handleSubmit(() => {
          if (text.trim()) void navigate(`/admin/users?search=${encodeURIComponent(text.trim())}`);
        })}
      >
        <TextField
          label="Username, name, e-mail or phone"
          type="search"
          autoComplete="off"
          maxLength={60}
          {...form.bind('search')}
        />
      </form>
      {search !== '' && isFetching && !currentData && <Spinner />}
      {search !== '' && currentData && (
        <>
          <ul className="admin-search-results" aria-label="Matching users">
            {found.map((user) => (
              <li key={user._id}>
                <Link
                  className="admin-row-button"
                  to={`/admin/users?search=${encodeURIComponent(user.userName)}&open=${user._id}`}
                >
                  <span className="admin-row-main">
                    <strong>{user.userName}</strong>
                    <span className="muted small">
                      {user.phoneNumber} · {user.email}
                    </span>
                  </span>
                  <span className="muted small">{user.userType}</span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="muted small">
            {currentData.totalUsers === 0
              ? 'No user matches.'
              : `${currentData.totalUsers.toLocaleString('en-NG')} matching. `}
            {currentData.totalUsers > found.length && <Link to={all}>See them all</Link>}
          </p>
        </>
      )}
    </section>
  );
};

/**
 * /admin (admins, docs/product-rules.md#staff-screens): the business at a glance with a Refresh
 * button: users, balances, transactions, services, supplier float, the stuck-purchase queue and
 * open alerts, today's sales, a search box, and a 30-day chart of sales and profit per network.
 */
export const AdminDashboardPage = () => {
  const navigate = useNavigate();
  const dashboard = useGetAdminDashboardQuery(undefined, { refetchOnMountOrArgChange: true });
  const chart = useGetSalesChartQuery({ days: 30 });
  const data = dashboard.data;

  // A failed admin fetch goes back to /profile.
  useEffect(() => {
    if (dashboard.isError) void navigate('/profile', { replace: true });
  }, [dashboard.isError, navigate]);

  if (!data) {
    return (
      <div className="page-spinner" role="status">
        <Spinner />
        <p className="muted">Loading the dashboard...</p>
      </div>
    );
  }

  const available = data.services.filter((s) => s.serviceStatus).length;
  const lowFloat = data.supplierFloat.some((s) => s.balance === null);

  return (
    <div className="admin-page">
      <div className="card admin-head">
        <div>
          <h1 className="card-title">Admin dashboard</h1>
          <p className="muted small">Signed in as {data.admin.userName}</p>
        </div>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          disabled={dashboard.isFetching}
          onClick={() => {
            void dashboard.refetch();
            void chart.refetch();
          }}
        >
          {dashboard.isFetching ? 'Refreshing...' : 'Refresh'}
        </button>
      </div>

      <nav className="admin-tiles" aria-label="Business at a glance">
        <Tile
          label="All Users"
          value={data.totalUsers.toLocaleString('en-NG')}
          to="/admin/users"
          testId="tile-users"
        />
        <Tile
          label="Total Balance"
          value={formatNairaAmount(data.totalBalance)}
          note="All wallets but yours"
          testId="tile-balance"
        />
        <Tile
          label="All transactions"
          value={data.totalTransactions.toLocaleString('en-NG')}
          to="/admin/transactions"
          testId="tile-transactions"
        />
        <Tile
          label="Today's sales"
          value={formatNairaAmount(data.today.sales)}
          note={`${data.today.purchases} purchases · ${formatNairaAmount(data.today.profit)} profit`}
          testId="tile-today"
        />
        <Tile
          label="Pending queue"
          value={String(data.pendingPurchases)}
          note={`${data.escalatedPurchases} past the deadline`}
          to="/admin/pending"
          warn={data.escalatedPurchases > 0}
          testId="tile-pending"
        />
        <Tile
          label="Open alerts"
          value={String(data.openAlerts)}
          to="/admin/pending#alerts"
          warn={data.openAlerts > 0}
          testId="tile-alerts"
        />
        <Tile
          label="Ledger check"
          value={ledgerCheckValue(data.ledgerCheck)}
          note={
            data.ledgerCheck
              ? `Last run ${new Date(data.ledgerCheck.at).toLocaleString('en-NG')}`
              : 'Runs on a schedule'
          }
          to="/admin/pending#alerts"
          warn={data.ledgerCheck !== null && !data.ledgerCheck.ok}
          testId="tile-ledger"
        />
        <Tile
          label="Available services"
          value={`${available} of ${data.services.length}`}
          note={data.services
            .filter((s) => !s.serviceStatus)
            .map((s) => `${s.serviceName} locked`)
            .join(', ')}
          to="/profile/adminSettings#services"
        />
        <Tile label="Generate Coupon" value="Coupons" to="/admin/generateCoupon" />
        <Tile label="Email users" value="Send mail" to="/admin/sendMail" />
        <Tile label="Reconciliation" value="Suppliers" to="/admin/reconciliation" />
        <Tile label="Audit log" value="Who did what" to="/admin/audit" />
      </nav>

      <section className={lowFloat ? 'card admin-tile-warn' : 'card'} aria-labelledby="float-title">
        <h2 className="card-title" id="float-title">
          Supplier float
        </h2>
        <ul className="admin-float-list" data-testid="supplier-float">
          {data.supplierFloat.map((s) => (
            <li key={s.supplier}>
              <span>{s.supplier}</span>
              {s.balance === null ? (
                <span className="balance-low" title={s.error}>
                  Unknown{s.error ? `: ${s.error}` : ''}
                </span>
              ) : (
                <strong>{formatNairaAmount(s.balance)}</strong>
              )}
            </li>
          ))}
        </ul>
      </section>

      <OpenAlerts compact />

      <UserSearch />

      <section className="card" aria-labelledby="chart-title">
        <h2 className="card-title" id="chart-title">
          Sales and profit, last 30 days
        </h2>
        {chart.isError && <p className="muted">The chart could not load.</p>}
        {chart.data && (
          <Suspense fallback={<Spinner />}>
            <SalesChart days={chart.data.days} />
          </Suspense>
        )}
      </section>
    </div>
  );
};
