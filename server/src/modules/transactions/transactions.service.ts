import type { TTransaction } from '@vendo/shared/schemas/transaction';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { toPublicTransaction } from './transactions.mapper.ts';
import { findTransaction } from './transactions.repository.ts';

type Viewer = Pick<UserRow, 'id' | 'isAdmin' | 'isAgent'>;

/**
 * One receipt for `viewer`, by our id or by the request_id the client bought with: their own, or
 * anyone's for staff (admin or agent, with profit). A missing or someone else's is the same 404,
 * so ids cannot be probed.
 */
export const getTransactionFor = async (
  db: DbOrTx,
  {
    id,
    viewer,
    pinSecrets = [],
  }: {
    id: string;
    viewer: Viewer;
    /** The server secrets the viewer's own exam PINs open with (others' stay masked). */
    pinSecrets?: readonly (string | undefined)[];
  },
): Promise<TTransaction> => {
  const staff = viewer.isAdmin || viewer.isAgent;
  const row =
    id.length > 0 && id.length <= 255
      ? await findTransaction(db, staff ? { id } : { id, userId: viewer.id })
      : null;
  if (!row) throw new AppError('NOT_FOUND', { msg: 'Transaction not found' });
  return toPublicTransaction(row, {
    withProfit: staff,
    viewer: { userId: viewer.id, secrets: pinSecrets },
  });
};
