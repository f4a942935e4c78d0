import { createHmac } from 'node:crypto';
import type { AppContext } from '../../app-context.ts';
import { toPublicUser } from './users.mapper.ts';
import { findUserRecordById, setKycFields, type UserRow } from './users.repository.ts';

/**
 * Stores a NIN or BVN so that only its last four digits can ever be shown: the digits
 * themselves are kept only as a keyed hash (to spot one number used on two accounts).
 */
export const updateKyc = async (
  ctx: AppContext,
  user: UserRow,
  input: { nin?: string; bvn?: string },
) => {
  const kind = input.bvn ? 'bvn' : 'nin';
  const value = (input.bvn ?? input.nin)!;
  const fingerprint = createHmac('sha256', ctx.jwtSecret).update(`${kind}:${value}`).digest('hex');
  await setKycFields(
    ctx.db,
    user.id,
    kind === 'bvn'
      ? { bvnLast4: value.slice(-4), bvnHash: fingerprint }
      : { ninLast4: value.slice(-4), ninHash: fingerprint },
  );
  const record = await findUserRecordById(ctx.db, user.id);
  return { msg: `${kind.toUpperCase()} saved`, user: toPublicUser(record!) };
};
