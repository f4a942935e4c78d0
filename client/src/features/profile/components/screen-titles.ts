import { ADMIN_MENU, AGENT_MENU, USER_MENU } from './menu-items';

/** Titles of profile and admin screens by path, for the top bar. */
const TITLES = new Map<string, string>(
  [
    ...USER_MENU,
    ...AGENT_MENU,
    ...ADMIN_MENU,
    { to: '/profile/user', label: 'Account details' },
    { to: '/admin/pending', label: 'Pending queue' },
    { to: '/admin/audit', label: 'Audit log' },
    { to: '/admin/reconciliation', label: 'Reconciliation' },
  ].map((item) => [item.to.toLowerCase(), item.label]),
);

/** Paths match case-insensitively, like the routes (/admin/sendmail is /admin/sendMail). */
export const screenTitle = (pathname: string): string | null => {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  if (path.startsWith('/profile/receipt/')) return 'Receipt';
  if (/^\/profile\/epins\/[^/]+\/print$/.test(path)) return 'Print cards';
  return TITLES.get(path) ?? null;
};
