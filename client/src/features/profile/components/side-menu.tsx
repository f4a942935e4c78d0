import type { KeyboardEvent, MouseEvent } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useLogoutMutation } from '@/lib/logout.api';
import { loggedOut } from '@/lib/auth.slice';
import { Icon } from '@/components/ui/icon';
import { logoutIcon } from '@/components/ui/app-icons';
import { chatIcon } from '@/components/ui/public-icons';
import { useGetSiteQuery } from '@/lib/site.api';
import {
  ADMIN_MENU,
  COUPON_VENDOR_MENU,
  AGENT_MENU,
  USER_MENU,
  type TMenuItem,
} from './menu-items';

export const SIDE_MENU_ID = 'side-menu';

type TSideMenuProps = { open: boolean; onOpen: () => void; onClose: () => void };

// Hover opens the rail only where there is a real pointer and room for a rail.
const canHover = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(hover: hover) and (min-width: 768px)').matches;

const MenuSection = ({ title, items }: { title?: string; items: readonly TMenuItem[] }) => (
  <>
    {title && <p className="menu-section">{title}</p>}
    <ul className="menu-list">
      {items.map((item) => (
        <li key={`${title ?? ''}${item.to}`}>
          <NavLink to={item.to} end className="menu-link" title={item.label}>
            <Icon path={item.icon} size={22} />
            <span className="menu-label">{item.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  </>
);

/**
 * The profile side menu: an 80px rail that opens to 30% on hover and closes when the
 * pointer leaves. On phones it is a drawer opened by the top bar's menu button.
 */
export const SideMenu = ({ open, onOpen, onClose }: TSideMenuProps) => {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { isAdmin, user, token } = useAppSelector((state) => state.auth);
  const { data: site } = useGetSiteQuery(undefined);
  const admin = isAdmin || user?.isAdmin === true;
  const agent = !admin && user?.isAgent === true;

  const [revoke] = useLogoutMutation();
  // The server revokes the token (a copy stops working too); the session here ends at once,
  // whatever it answers or if it cannot be reached: the token expires on its own anyway.
  const logout = () => {
    if (token) void revoke(token);
    dispatch(loggedOut());
    navigate('/login');
  };

  // A tap on a link in the drawer should show the page, not leave the drawer over it.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if ((event.target as HTMLElement).closest('a')) onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') onClose();
  };

  return (
    <>
      <div className="menu-backdrop" data-open={open} onClick={onClose} aria-hidden="true" />
      <nav
        id={SIDE_MENU_ID}
        className="side-menu"
        data-open={open}
        aria-label="Main menu"
        onMouseEnter={() => canHover() && onOpen()}
        onMouseLeave={() => canHover() && onClose()}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <div className="menu-scroll">
          {/* Staff find their screens first, above the customer links (no scrolling past them). */}
          {agent && <MenuSection title="Agent" items={AGENT_MENU} />}
          {admin && <MenuSection title="Admin" items={ADMIN_MENU} />}
          {!admin && user?.isCouponVendor === true && (
            <MenuSection title="Coupons" items={COUPON_VENDOR_MENU} />
          )}
          <MenuSection
            {...(admin || agent || user?.isCouponVendor === true ? { title: 'My account' } : {})}
            items={USER_MENU}
          />
          {site?.chatUrl && (
            // Phones only (CSS): there the floating chat button is hidden on account pages.
            <a
              className="menu-link menu-chat"
              href={site.chatUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Icon path={chatIcon} size={22} />
              <span className="menu-label">Support chat</span>
            </a>
          )}
        </div>
        <button type="button" className="menu-link menu-logout" onClick={logout}>
          <Icon path={logoutIcon} size={22} />
          <span className="menu-label">Logout</span>
        </button>
      </nav>
    </>
  );
};
