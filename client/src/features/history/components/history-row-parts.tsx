import { formatNairaAmount } from '@vendo/shared/money';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { networkOf, servedOf } from '@/lib/transaction-fields';
import { isDebit, STATUS_FILTER_LABELS, statusClass } from '../lib/history';

/** What a row is about: the phone, meter or counterparty. */
export const subject = (row: TTransaction) => servedOf(row) ?? (networkOf(row) || '');

export const Amount = ({ row }: { row: TTransaction }) => (
  <span className={isDebit(row) ? 'history-debit' : 'history-credit'}>
    {isDebit(row) ? '−' : row.balance_After > row.balance_Before ? '+' : ''}
    {formatNairaAmount(row.trans_amount)}
  </span>
);

export const Status = ({ status }: { status: string }) => (
  <span className={`status-badge ${statusClass(status)}`}>
    {STATUS_FILTER_LABELS[status] ?? status}
  </span>
);
