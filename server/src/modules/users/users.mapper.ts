import { koboToNaira } from '@vendo/shared/money';
import type { TUser } from '@vendo/shared/schemas/user';
import type { TUserType } from '@vendo/shared/constants';
import type { UserRecord } from './users.repository.ts';

const maskLast = (last4: string | null): string | null => (last4 ? `*******${last4}` : null);

/**
 * The only way a user leaves the server: an explicit allow-list of fields, so a password hash,
 * token, API token hash or full BVN/NIN can never slip into a response.
 */
export const toPublicUser = (record: UserRecord): TUser => ({
  _id: record.id,
  userName: record.userName,
  email: record.email,
  phoneNumber: record.phoneNumber,
  balance: koboToNaira(record.balanceKobo),
  earningBalance: koboToNaira(record.earningBalanceKobo),
  userType: record.userType as TUserType,
  fullName: record.fullName,
  referredBy: record.referrerUserName,
  webhookUrl: record.webhookUrl,
  nin: maskLast(record.ninLast4),
  bvn: maskLast(record.bvnLast4),
  accountNumbers: record.accountNumbers,
  reservedAccountNo3: record.reservedAccountNo3,
  isAdmin: record.isAdmin,
  isAgent: record.isAgent,
  isCouponVendor: record.isCouponVendor,
  lastLogin: record.lastLogin ? record.lastLogin.toISOString() : null,
  createdAt: record.createdAt.toISOString(),
});
