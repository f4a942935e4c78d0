import { USER_TYPES } from '@vendo/shared/constants';
import { formatNairaAmount } from '@vendo/shared/money';
import type { TUserListQuery } from '@vendo/shared/schemas/admin';
import type { TUser } from '@vendo/shared/schemas/user';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppSelector } from '@/app/hooks';
import { Pagination } from '@/components/ui/pagination';
import { RowButton } from '@/components/ui/row-button';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { FILTER_DEBOUNCE_MS } from '@/lib/filters';
import { useForm } from '@/lib/use-form';
import { downloadFile } from '@/lib/download.api';
import { formatDay } from '@/lib/format-date';
import '@/styles/components/select.css';
import '../admin.css';
import { useGetUsersQuery } from '../api/admin-users.api';
import { LOW_BALANCE_NAIRA } from '../lib/admin';
import { UserDetailDialog } from './user-detail-dialog';

type TFilters = { type: string; userName: string; phone: string; search: string; page: number };

const filtersOf = (params: URLSearchParams): TFilters => ({
  type: params.get('type') ?? '',
  userName: params.get('userName') ?? '',
  phone: params.get('phone') ?? '',
  search: params.get('search') ?? '',
  page: Math.max(1, Number(params.get('page')) || 1),
});

const paramsOf = (f: TFilters, open?: string | null) => {
  const params = new URLSearchParams();
  if (f.type) params.set('type', f.type);
  if (f.userName) params.set('userName', f.userName);
  if (f.phone) params.set('phone', f.phone);
  if (f.search) params.set('search', f.search);
  if (f.page > 1) params.set('page', String(f.page));
  if (open) params.set('open', open);
  return params;
};

const queryOf = (f: TFilters): TUserListQuery => ({
  type: f.type || undefined,
  userName: f.userName || undefined,
  phoneNumber: f.phone || undefined,
  search: f.search || undefined,
  page: f.page,
});

const Balance = ({ user }: { user: TUser }) => (
  <span className={user.balance < LOW_BALANCE_NAIRA ? 'balance-low' : 'balance-ok'}>
    {formatNairaAmount(user.balance)}
  </span>
);

/**
 * /admin/users (admins and agents, docs/product-rules.md#staff-screens): filters by type, username
 * and phone (typing waits for a pause), Clear filters, the totals, a CSV of the whole filter, and
 * the list: cards on a phone, a table on wide screens. A row opens the user's detail.
 */
export const UsersPage = () => {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const openId = params.get('open');
  const isAdmin = useAppSelector((s) => s.auth.isAdmin || s.auth.user?.isAdmin === true);
  const token = useAppSelector((s) => s.auth.token);
  // What is typed; the list shows the address's filters, which follow it after a pause.
  const form = useForm({
    userName: filters.userName,
    phone: filters.phone,
    search: filters.search,
  });
  const typed = form.values;
  const [shown, setShown] = useState(typed);
  // The address changed elsewhere (Clear filters, the dashboard's search): the fields follow it.
  if (
    shown.userName !== filters.userName ||
    shown.phone !== filters.phone ||
    shown.search !== filters.search
  ) {
    const next = { userName: filters.userName, phone: filters.phone, search: filters.search };
    setShown(next);
    form.setValues(next);
  }

  const apply = (changes: Partial<TFilters>, open: string | null = null) =>
    setParams(paramsOf({ ...filters, page: 1, ...changes }, open), { replace: true });

  useEffect(() => {
    if (
      typed.userName === filters.userName &&
      typed.phone === filters.phone &&
      typed.search === filters.search
    )
      return undefined;
    const timer = setTimeout(() => apply(typed), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // apply reads the latest filters from the address on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);

  const query = queryOf(filters);
  const { currentData, isFetching, isError, refetch } = useGetUsersQuery(query);
  const users = currentData?.users ?? [];
  const first = (filters.page - 1) * 20 + 1;
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const name = await downloadFile(
        '/admin/users.csv',
        { ...query, page: undefined },
        token,
        'vendo-users.csv',
      );
      toast.success(`Downloaded ${name}`);
    } catch {
      toast.error('We could not prepare the file. Please try again.');
    } finally {
      setDownloading(false);
    }
  };

  const openUser = (user: TUser) => setParams(paramsOf(filters, user._id), { replace: false });
  const closeUser = () => setParams(paramsOf(filters), { replace: false });

  return (
    <div className="admin-page">
      <section className="card" aria-labelledby="users-title">
        <div className="admin-head">
          <h1 className="card-title" id="users-title">
            User list
          </h1>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            disabled={downloading || !currentData?.totalUsers}
            onClick={() => void download()}
          >
            {downloading ? 'Preparing...' : 'Download CSV'}
          </button>
        </div>
        <form
          className="admin-filters"
          aria-label="Filters"
          onSubmit={form.handleSubmit(() => apply(typed))}
        >
          <SelectField
            label="User type"
            name="type"
            value={filters.type}
            options={[
              { value: '', label: 'All types' },
              ...USER_TYPES.map((t) => ({ value: t, label: t })),
            ]}
            onChange={(event) => apply({ type: event.target.value })}
          />
          <TextField
            label="Username"
            name="userName"
            autoComplete="off"
            maxLength={60}
            value={typed.userName}
            onChange={(event) => form.set('userName', event.target.value.trim())}
          />
          <TextField
            label="Phone"
            name="phone"
            inputMode="numeric"
            autoComplete="off"
            maxLength={15}
            value={typed.phone}
            onChange={(event) => form.set('phone', event.target.value.replace(/\D/g, ''))}
          />
          <TextField
            label="Any field"
            name="search"
            type="search"
            autoComplete="off"
            maxLength={60}
            value={typed.search}
            onChange={form.onChange}
          />
          <div className="admin-filter-actions">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => {
                const cleared = { userName: '', phone: '', search: '' };
                form.setValues(cleared);
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              Clear filters
            </button>
            {isFetching && <Spinner size={18} />}
          </div>
        </form>
        {currentData && (
          <dl className="admin-figures" aria-label="Totals">
            <div>
              <dt>Total users</dt>
              <dd data-testid="users-total">{currentData.totalUsers.toLocaleString('en-NG')}</dd>
            </div>
            <div>
              <dt>Total balance</dt>
              <dd data-testid="users-balance">{formatNairaAmount(currentData.totalBalance)}</dd>
            </div>
          </dl>
        )}
      </section>

      <section className="card" aria-label="Users">
        {!currentData && isFetching && <Spinner />}
        {isError && !isFetching && (
          <div role="alert">
            <p>We could not load the users.</p>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => void refetch()}
            >
              Try again
            </button>
          </div>
        )}
        {currentData && users.length === 0 && (
          <p className="muted">No user matches these filters.</p>
        )}
        {users.length > 0 && (
          <>
            <ul className="admin-cards" aria-label="Users">
              {users.map((user, index) => (
                <li key={user._id}>
                  <button type="button" className="admin-row-button" onClick={() => openUser(user)}>
                    <span className="admin-row-main">
                      <strong>
                        {first + index}. {user.userName}
                      </strong>
                      <span className="muted small">
                        {user.phoneNumber} · {user.email}
                      </span>
                      <span className="muted small">
                        Since {formatDay(user.createdAt)} · seen {formatDay(user.lastLogin)}
                      </span>
                    </span>
                    <span className="admin-row-side">
                      <Balance user={user} />
                      <span className="muted small">{user.userType}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            <div className="table-scroll">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">S/N</th>
                    <th scope="col">Member since</th>
                    <th scope="col">Username</th>
                    <th scope="col">Type</th>
                    <th scope="col" className="num">
                      Balance
                    </th>
                    <th scope="col">Last seen</th>
                    <th scope="col">Phone</th>
                    <th scope="col">Email</th>
                  </tr>
                </thead>
                <tbody>
                  {users.map((user, index) => (
                    <tr key={user._id} onClick={() => openUser(user)}>
                      <td>{first + index}</td>
                      <td>{formatDay(user.createdAt)}</td>
                      <td>
                        <RowButton action="open details">{user.userName}</RowButton>
                      </td>
                      <td>{user.userType}</td>
                      <td className="num">
                        <Balance user={user} />
                      </td>
                      <td>{formatDay(user.lastLogin)}</td>
                      <td>{user.phoneNumber}</td>
                      <td>{user.email}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        <Pagination
          page={filters.page}
          totalPages={currentData?.totalPages ?? 0}
          isAdmin={isAdmin}
          label="User pages"
          onPage={(page) => apply({ page })}
        />
      </section>
      {openId && <UserDetailDialog userId={openId} onClose={closeUser} />}
    </div>
  );
};
