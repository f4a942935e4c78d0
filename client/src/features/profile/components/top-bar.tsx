import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { Brand } from '@/components/ui/brand';
import { Icon } from '@/components/ui/icon';
import { closeIcon, menuIcon } from '@/components/ui/app-icons';
import { useRouteTitle } from '../hooks/use-route-title';
import { SIDE_MENU_ID } from './side-menu';

type TTopBarProps = {
  menuOpen: boolean;
  onToggleMenu: () => void;
  /** The menu button, which the open drawer keeps in its focus trap (side-menu.tsx). */
  menuButton: RefObject<HTMLButtonElement | null>;
};

export const TopBar = ({ menuOpen, onToggleMenu, menuButton }: TTopBarProps) => {
  const user = useAppSelector((state) => state.auth.user);
  const title = useRouteTitle();

  return (
    <header className="top-bar">
      {title && <title>{`${title} · Vendo`}</title>}
      <button
        ref={menuButton}
        type="button"
        className="icon-button menu-toggle"
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls={SIDE_MENU_ID}
        onClick={onToggleMenu}
      >
        <Icon path={menuOpen ? closeIcon : menuIcon} size={22} />
      </button>
      <div className="top-bar-brand">
        <Brand />
      </div>
      {title && <p className="top-bar-title">{title}</p>}
      {user && (
        // Named by its text, "Account: demo_user", of which phones show only the initial.
        <Link to="/profile/user" className="user-chip">
          <span className="avatar" aria-hidden="true">
            {user.userName.slice(0, 1).toUpperCase()}
          </span>
          <span className="visually-hidden">Account: </span>
          <span className="user-chip-name">{user.userName}</span>
        </Link>
      )}
    </header>
  );
};
