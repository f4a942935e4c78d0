import { useRef, type FocusEvent, type MouseEvent, type RefObject } from 'react';
import { NavLink, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useLogoutMutation } from '@/lib/logout.api';
import { loggedOut } from '@/lib/auth.slice';
import { Icon } from '@/components/ui/icon';
import { logoutIcon } from '@/components/ui/app-icons';
import { chatIcon } from '@/components/ui/public-icons';
import { useGetSiteQuery } from '@/lib/site.api';
import { useFocusTrap } from '@/lib/use-focus-trap';
import {
  ADMIN_MENU,
  COUPON_VENDOR_MENU,
  AGENT_MENU,
  USER_MENU,
  type TMenuItem,
} from './menu-items';

export const SIDE_MENU_ID = 'side-menu';

type TSideMenuProps = {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  /** The top bar's button that opens and closes the drawer. */
  menuButton: RefObject<HTMLButtonElement | null>;
};

// Hover opens the rail only where there is a real pointer and room for a rail.
const canHover = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(hover: hover) and (min-width: 768px)').matches;

// Below 768px the menu is a drawer over the page (profile.css), from 768px a rail beside it.
const isDrawer = () =>
  typeof window.matchMedia !== 'function' || window.matchMedia('(max-width: 767.98px)').matches;

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
 * The profile side menu: an 80px rail that opens to 30% on hover or when a link in it has the
 * keyboard's focus, and closes when the pointer or the focus leaves. On phones it is a drawer
 * opened by the top bar's menu button: while open, focus is inside it (its links and that
 * button), Escape closes it and focus goes back to the button.
 */
export const SideMenu = ({ open, onOpen, onClose, menuButton }: TSideMenuProps) => {
  const nav = useRef<HTMLElement>(null);
  useFocusTrap(nav, { active: open && isDrawer(), onEscape: onClose, also: [menuButton] });
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

  // The rail: keyboard focus opens it (labels, not icons only) and closes it on leaving.
  const onFocus = () => {
    if (!isDrawer()) onOpen();
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!isDrawer() && !event.currentTarget.contains(event.relatedTarget)) onClose();
  };

  return (
    <>
      <div className="menu-backdrop" data-open={open} onClick={onClose} aria-hidden="true" />
      <nav
        ref={nav}
        id={SIDE_MENU_ID}
        className="side-menu"
        data-open={open}
        aria-label="Main menu"
        onMouseEnter={() => canHover() && onOpen()}
        onMouseLeave={() => canHover() && onClose()}
        onClick={onClick}
        onFocus={onFocus}
        onBlur={onBlur}
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
