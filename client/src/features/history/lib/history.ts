import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@vendo/shared/constants';
import type { TTransactionListQuery } from '@vendo/shared/schemas/transaction';

/** The History filters as the screen keeps them (in the address, so a link or reload keeps them). */
export type THistoryFilters = {
  page: number;
  type: string;
  status: string;
  phone: string;
  account: string;
  from: string;
  to: string;
};

export const TYPE_OPTIONS = ['all', ...TRANSACTION_TYPES] as const;
export const STATUS_OPTIONS = ['all', ...TRANSACTION_STATUSES] as const;

export { FILTER_DEBOUNCE_MS } from '@/lib/filters';

const known = (value: string | null, options: readonly string[]) =>
  value && options.includes(value) ? value : 'all';

const isDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** Filters from the address (?phone= from a contact's Transactions shortcut, ?page= …). */
export const filtersFromParams = (params: URLSearchParams): THistoryFilters => {
  const page = Number(params.get('page'));
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    type: known(params.get('type'), TYPE_OPTIONS),
    status: known(params.get('status'), STATUS_OPTIONS),
    phone: (params.get('phone') ?? '').replace(/\D/g, '').slice(0, 15),
    account: (params.get('account') ?? '').trim().slice(0, 60),
    from: isDay(params.get('from')),
    to: isDay(params.get('to')),
  };
};

/** The address for filters; defaults are left out. */
export const paramsFromFilters = (filters: THistoryFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.page > 1) params.set('page', String(filters.page));
  if (filters.type !== 'all') params.set('type', filters.type);
  if (filters.status !== 'all') params.set('status', filters.status);
  if (filters.phone) params.set('phone', filters.phone);
  if (filters.account) params.set('account', filters.account);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params;
};

/**
 * The query GET /transaction gets. The user account goes only from staff; a phone
 * is sent once it could be a number (3+ digits); a range that ends before it starts is not sent.
 */
export const queryOf = (filters: THistoryFilters, staff: boolean): TTransactionListQuery => {
  const query: TTransactionListQuery = { page: filters.page };
  if (filters.type !== 'all') query.type = filters.type as TTransactionListQuery['type'];
  if (filters.status !== 'all') query.status = filters.status as TTransactionListQuery['status'];
  if (filters.phone.length >= 3) query.phoneNumber = filters.phone;
  if (staff && filters.account) query.userName = filters.account;
  const backwards = filters.from && filters.to && filters.from > filters.to;
  if (filters.from && !backwards) query.from = filters.from;
  if (filters.to && !backwards) query.to = filters.to;
  return query;
};

/**
 * Clear filter (docs/product-rules.md#history): phone, type, page 1, account, dates and status back
 * to defaults.
 */
export const CLEARED: THistoryFilters = {
  page: 1,
  type: 'all',
  status: 'all',
  phone: '',
  account: '',
  from: '',
  to: '',
};

/** Data sold for people: GB, and TB above 1000 GB, two decimals at most. */
export const formatVolume = (gb: number): string => {
  const round = (value: number) =>
    value.toLocaleString('en-NG', { maximumFractionDigits: 2, minimumFractionDigits: 0 });
  return gb > 1000 ? `${round(gb / 1000)} TB` : `${round(gb)} GB`;
};

export const TYPE_LABELS: Record<string, string> = {
  all: 'All types',
  data: 'Data',
  airtime: 'Airtime',
  electricity: 'Electricity',
  cable: 'Cable TV',
  exam: 'Exam PINs',
  epin: 'e-PINs',
  wallet: 'Wallet',
  transfer: 'Transfer',
  refund: 'Refund',
  referrer: 'Referral',
  earning: 'Earning',
};

export const STATUS_FILTER_LABELS: Record<string, string> = {
  all: 'All statuses',
  success: 'Successful',
  failed: 'Failed',
  processing: 'Processing',
  pending: 'Pending',
  refunded: 'Refunded',
};

/** The badge colour of a status (styles/components/purchase.css status-*). */
export const statusClass = (status: string): string =>
  status === 'success'
    ? 'status-success'
    : status === 'failed' || status === 'refunded'
      ? `status-${status}`
      : 'status-pending';

/** Did this row take money out of the wallet (it shows with a minus)? */
export const isDebit = (row: { balance_Before: number; balance_After: number }) =>
  row.balance_After < row.balance_Before;
