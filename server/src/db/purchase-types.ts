import { PURCHASE_TYPES } from '@vendo/shared/constants';
import { sql } from 'drizzle-orm';

/** `('data', 'airtime', …)`: the purchase types as an SQL list, for `type in ${PURCHASE_TYPES_SQL}`. */
export const PURCHASE_TYPES_SQL = sql.raw(`(${PURCHASE_TYPES.map((t) => `'${t}'`).join(', ')})`);
