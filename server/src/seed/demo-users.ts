import { eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { creditOpeningBalance } from '../modules/ledger/journals.ts';
import { findUserByUserName } from '../modules/users/users.repository.ts';
import { createUser, type NewUser } from '../modules/users/users.service.ts';
import { inTransaction } from '../db/retry.ts';

export type DemoLogin = { role: string; userName: string; password: string; balance: string };

/** Creates the first admin from ADMIN_USERNAME / ADMIN_EMAIL / ADMIN_PASSWORD when missing. */
export const ensureAdmin = async (db: Db, config: Config): Promise<void> => {
  if (!config.admin) return;
  const existing = await findUserByUserName(db, config.admin.userName);
  if (existing) {
    if (!existing.isAdmin)
      await db.update(users).set({ isAdmin: true }).where(eq(users.id, existing.id));
    return;
  }
  await createUser(db, { ...config.admin, isAdmin: true }, config);
};

const DEMO: (NewUser & { role: string; balanceKobo: number })[] = [
  {
    role: 'admin',
    userName: 'demo_admin',
    email: 'admin@demo.vendo.local',
    phoneNumber: '08030000001',
    password: 'Admin#2026',
    isAdmin: true,
    balanceKobo: 0,
  },
  {
    role: 'agent',
    userName: 'demo_agent',
    email: 'agent@demo.vendo.local',
    phoneNumber: '08030000002',
    password: 'Agent#2026',
    isAgent: true,
    balanceKobo: 0,
  },
  {
    role: 'reseller',
    userName: 'demo_reseller',
    email: 'reseller@demo.vendo.local',
    phoneNumber: '08030000003',
    password: 'Reseller#2026',
    userType: 'reseller',
    fullName: 'Ade Data Hub',
    balanceKobo: 50_000_00,
  },
  {
    role: 'smart earner',
    userName: 'demo_user',
    email: 'user@demo.vendo.local',
    phoneNumber: '08030000004',
    password: 'User#2026',
    balanceKobo: 5_000_00,
  },
];

/**
 * Demo accounts for the embedded default, with opening balances posted as real journals
 * (reference seed:demo:<user>, so a restart never credits twice).
 */
export const seedDemoUsers = async (db: Db, config: Config): Promise<DemoLogin[]> => {
  const logins: DemoLogin[] = [];
  for (const demo of DEMO) {
    const user =
      (await findUserByUserName(db, demo.userName)) ?? (await createUser(db, demo, config));
    if (demo.balanceKobo > 0) {
      await inTransaction(db, (tx) =>
        creditOpeningBalance(tx, {
          reference: `seed:demo:${demo.userName}`,
          userId: user.id,
          amountKobo: demo.balanceKobo,
          memo: 'Demo opening balance',
        }),
      );
    }
    logins.push({
      role: demo.role,
      userName: demo.userName,
      password: demo.password,
      balance: `₦${(demo.balanceKobo / 100).toLocaleString('en-NG')}`,
    });
  }
  return logins;
};
