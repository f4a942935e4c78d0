import {
  bulkIcon,
  checkIcon,
  clockIcon,
  contactsIcon,
  epinIcon,
  examIcon,
  historyIcon,
  earningsIcon,
  giftIcon,
  gridIcon,
  listIcon,
  lockIcon,
  mailIcon,
  sendIcon,
  settingsIcon,
  shieldIcon,
  tagIcon,
  tvIcon,
  userIcon,
  walletIcon,
  withdrawIcon,
} from '@/components/ui/app-icons';
import { airtimeIcon, dataIcon, electricityIcon } from '@/components/ui/public-icons';

export type TMenuItem = { to: string; label: string; icon: string };

/** Every signed-in user (docs/product-rules.md#screens-and-navigation). */
export const USER_MENU: readonly TMenuItem[] = [
  { to: '/profile', label: 'Dashboard', icon: gridIcon },
  { to: '/profile/buydata', label: 'Buy data', icon: dataIcon },
  { to: '/profile/buyairtime', label: 'Buy airtime', icon: airtimeIcon },
  { to: '/profile/electricity', label: 'Electricity', icon: electricityIcon },
  { to: '/profile/tv', label: 'TV subscription', icon: tvIcon },
  { to: '/profile/exam', label: 'Exam PINs', icon: examIcon },
  { to: '/profile/epin', label: 'e-PINs', icon: epinIcon },
  { to: '/profile/bulk', label: 'Bulk purchase', icon: bulkIcon },
  { to: '/profile/fundWallet', label: 'Fund wallet', icon: walletIcon },
  { to: '/profile/fundWallet/coupon', label: 'Coupon funding', icon: giftIcon },
  { to: '/profile/transfer', label: 'Transfer', icon: sendIcon },
  { to: '/profile/withdraw', label: 'Withdraw', icon: withdrawIcon },
  { to: '/profile/transactions', label: 'Transactions', icon: listIcon },
  { to: '/profile/contacts', label: 'Contacts', icon: contactsIcon },
  { to: '/profile/earnings', label: 'Earnings', icon: earningsIcon },
  { to: '/profile/user', label: 'Account', icon: userIcon },
  { to: '/profile/changePassword', label: 'Change password', icon: lockIcon },
];

/** Agent menu: every staff screen an agent may open. */
export const AGENT_MENU: readonly TMenuItem[] = [
  { to: '/admin/users', label: 'User list', icon: contactsIcon },
  { to: '/admin/pending', label: 'Pending queue', icon: clockIcon },
  { to: '/profile/updatePrice', label: 'Update price', icon: tagIcon },
  { to: '/profile/billsPrices', label: 'Cable and exam prices', icon: tagIcon },
];

/** Coupon vendors who are not admins: the one staff screen they use. */
export const COUPON_VENDOR_MENU: readonly TMenuItem[] = [
  { to: '/admin/generateCoupon', label: 'Generate coupon', icon: giftIcon },
];

/**
 * Admin menu, every admin screen (not only the dashboard's tiles lead to them); transfer and
 * coupon funding are already in the user menu.
 */
export const ADMIN_MENU: readonly TMenuItem[] = [
  { to: '/admin', label: 'Admin dashboard', icon: shieldIcon },
  { to: '/admin/pending', label: 'Pending queue', icon: clockIcon },
  { to: '/admin/reconciliation', label: 'Reconciliation', icon: checkIcon },
  { to: '/admin/audit', label: 'Audit log', icon: historyIcon },
  { to: '/profile/adminSettings', label: 'Admin settings', icon: settingsIcon },
  { to: '/profile/updatePrice', label: 'Update price', icon: tagIcon },
  { to: '/profile/billsPrices', label: 'Cable and exam prices', icon: tagIcon },
  { to: '/admin/sendMail', label: 'Send email', icon: mailIcon },
  { to: '/admin/users', label: 'User list', icon: contactsIcon },
  { to: '/admin/generateCoupon', label: 'Generate coupon', icon: giftIcon },
  { to: '/admin/transactions', label: 'All transactions', icon: listIcon },
];
