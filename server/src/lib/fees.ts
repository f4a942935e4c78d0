import type { AppContext } from '../app-context.ts';
import type { DbOrTx } from '../db/client.ts';
import { findSetting, upsertSetting } from './settings.repository.ts';

export type FeeName = 'fundPage' | 'accountCard';

const KEYS: Record<FeeName, string> = {
  fundPage: 'fee:fund_page_bp',
  accountCard: 'fee:account_card_bp',
};

/** A funding fee in basis points: the admin's setting when there is one, else the configured default. */
export const getFeeBasisPoints = async (ctx: AppContext, name: FeeName): Promise<number> => {
  const row = await findSetting(ctx.db, KEYS[name]);
  const value = Number(row?.value);
  if (row && Number.isSafeInteger(value) && value >= 0 && value <= 10_000) return value;
  return name === 'fundPage'
    ? ctx.config.squad.fundPageFeeBasisPoints
    : ctx.config.billstack.accountCardFeeBasisPoints;
};

/** Sets a funding fee (admins); applies to payments started from now on. */
export const setFeeBasisPoints = async (
  db: DbOrTx,
  name: FeeName,
  basisPoints: number,
): Promise<void> => {
  await upsertSetting(db, KEYS[name], basisPoints);
};
