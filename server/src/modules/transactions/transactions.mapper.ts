import type { TTransactionStatus, TTransactionType } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import type { TTransaction } from '@vendo/shared/types/api';
import type { transactions } from '../../db/schema/index.ts';

export type TransactionRow = typeof transactions.$inferSelect;

/** A transaction on the wire; profit only for staff (admin or agent). */
export const toPublicTransaction = (
  row: TransactionRow & { userName: string },
  { withProfit }: { withProfit: boolean },
): TTransaction => ({
  _id: row.id,
  trans_Id: row.reference,
  trans_Type: row.type as TTransactionType,
  trans_Network: row.network,
  trans_Status: row.status as TTransactionStatus,
  trans_amount: koboToNaira(row.amountKobo),
  ...(withProfit ? { trans_profit: row.profitKobo / 100 } : {}),
  trans_UserName: row.userName,
  phone_number: row.phoneNumber,
  balance_Before: koboToNaira(row.balanceBeforeKobo),
  balance_After: koboToNaira(row.balanceAfterKobo),
  paymentLink: row.paymentLink,
  apiResponse: row.apiResponse,
  apiResponseId: row.apiResponseId,
  createdAt: row.createdAt.toISOString(),
});
