import bcrypt from 'bcryptjs';
import type { TUserType } from '@vendo/shared/constants';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation, pgErrorOf } from '../../db/pg-error.ts';
import { AppError } from '../../lib/app-error.ts';
import { openUserWallets } from '../ledger/ledger.service.ts';
import { findUserByUserName, insertUser, type UserRow } from './users.repository.ts';
import { inTransaction } from '../../db/retry.ts';

export type NewUser = {
  userName: string;
  email: string;
  phoneNumber: string;
  password: string;
  referredBy?: string | undefined;
  userType?: TUserType;
  fullName?: string | null;
  isAdmin?: boolean;
  isAgent?: boolean;
  isCouponVendor?: boolean;
};

const DUPLICATE_MESSAGES: Record<string, string> = {
  users_user_name_lower_key: 'Username already exists',
  users_email_lower_key: 'Email already exists',
  users_phone_number_key: 'Phone number already exists',
};

/** Creates a user and their wallets in one transaction; a taken name, e-mail or phone is a 409. */
export const createUser = async (
  db: Db,
  input: NewUser,
  { bcryptRounds }: { bcryptRounds: number },
): Promise<UserRow> => {
  let referredById: string | null = null;
  if (input.referredBy) {
    const referrer = await findUserByUserName(db, input.referredBy);
    // An unknown or self referral is ignored rather than blocking the sign-up.
    if (referrer && referrer.userName.toLowerCase() !== input.userName.toLowerCase()) {
      referredById = referrer.id;
    }
  }
  const passwordHash = await bcrypt.hash(input.password, bcryptRounds);
  try {
    return await inTransaction(db, async (tx) => {
      const user = await insertUser(tx, {
        userName: input.userName.trim(),
        email: input.email.trim().toLowerCase(),
        phoneNumber: input.phoneNumber.trim(),
        passwordHash,
        userType: input.userType ?? 'smart earner',
        fullName: input.fullName ?? null,
        referredById,
        isAdmin: input.isAdmin ?? false,
        isAgent: input.isAgent ?? false,
        isCouponVendor: input.isCouponVendor ?? false,
      });
      await openUserWallets(tx, user.id);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const constraint = pgErrorOf(error)?.constraint ?? '';
      throw new AppError('CONFLICT', {
        msg: DUPLICATE_MESSAGES[constraint] ?? 'Account already exists',
      });
    }
    throw error;
  }
};
