import type { TTransaction } from '@vendo/shared/schemas/transaction';

/**
 * The network or company of a transaction as Vendo's screens name it. An electricity row carries
 * "electricity token for <meter>" in trans_Network (for clients that read only that field); the
 * company is in its details.
 */
export const networkOf = (row: Pick<TTransaction, 'trans_Type' | 'trans_Network' | 'details'>) =>
  row.trans_Type === 'electricity' && row.details?.disco ? row.details.disco : row.trans_Network;

/** The meter or phone a transaction served (an electricity row's phone_number is its token). */
export const servedOf = (
  row: Pick<TTransaction, 'trans_Type' | 'phone_number' | 'details'>,
): string | null =>
  row.details?.meterNumber ?? (row.trans_Type === 'electricity' ? null : row.phone_number);
