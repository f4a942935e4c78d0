import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TUserType } from '@vendo/shared/constants';
import type { AppContext } from '../../src/app-context.ts';
import { users } from '../../src/db/schema/index.ts';
import { issueToken } from '../../src/lib/token.ts';
import { creditOpeningBalance } from '../../src/modules/ledger/journals.ts';
import { createUser as createUserRecord } from '../../src/modules/users/users.service.ts';

let counter = 0;

export type TestUser = {
  id: string;
  userName: string;
  email: string;
  phoneNumber: string;
  password: string;
  token: string;
};

/**
 * A user with an opening balance posted as a real journal (from the opening_balances account).
 * Unique names per call; override anything.
 */
export const createUser = async (
  ctx: AppContext,
  options: {
    balanceKobo?: number;
    userType?: TUserType;
    isAdmin?: boolean;
    isAgent?: boolean;
    isCouponVendor?: boolean;
    userName?: string;
    email?: string;
    phoneNumber?: string;
    password?: string;
    fullName?: string;
  } = {},
): Promise<TestUser> => {
  counter += 1;
  const tag = `${counter}${randomBytes(3).toString('hex')}`;
  const userName = options.userName ?? `user_${tag}`;
  const email = options.email ?? `${userName.toLowerCase()}@example.test`;
  const phoneNumber =
    options.phoneNumber ?? `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const password = options.password ?? 'Secret#123';
  const user = await createUserRecord(
    ctx.db,
    {
      userName,
      email,
      phoneNumber,
      password,
      ...(options.userType ? { userType: options.userType } : {}),
      ...(options.fullName ? { fullName: options.fullName } : {}),
      isAdmin: options.isAdmin ?? false,
      isAgent: options.isAgent ?? false,
      isCouponVendor: options.isCouponVendor ?? false,
    },
    { bcryptRounds: 4 },
  );
  if (options.balanceKobo) {
    const amountKobo = options.balanceKobo;
    await ctx.db.transaction((tx) =>
      creditOpeningBalance(tx, {
        reference: `test:opening:${user.id}`,
        userId: user.id,
        amountKobo,
      }),
    );
  }
  const [fresh] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  const token = issueToken(
    { jwtSecret: ctx.jwtSecret, ttlSeconds: ctx.config.jwtTtlSeconds },
    fresh!,
  );
  return { id: user.id, userName, email: email.toLowerCase(), phoneNumber, password, token };
};
