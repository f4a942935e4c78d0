import type { TTransactionListQuery } from '@vendo/shared/schemas/transaction';
import { downloadFile } from '@/lib/download.api';

/** GET /transaction/statement.csv under the filters, saved under the server's file name. */
export const downloadStatement = (
  params: TTransactionListQuery,
  token: string | null,
): Promise<string> =>
  downloadFile('/transaction/statement.csv', params, token, 'vendo-statement.csv');
