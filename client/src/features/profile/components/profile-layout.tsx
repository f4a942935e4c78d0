import { Suspense, useRef, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { NotificationPopup } from './notification-popup';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';
import '../profile.css';

/** The signed-in shell: top bar, side menu, notification popup, and the page. */
export const ProfileLayout = () => {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="shell">
      <TopBar
        menuOpen={menuOpen}
        menuButton={menuButton}
        onToggleMenu={() => setMenuOpen((open) => !open)}
      />
      <SideMenu
        open={menuOpen}
        menuButton={menuButton}
        onOpen={() => setMenuOpen(true)}
        onClose={() => setMenuOpen(false)}
      />
      <main className="shell-main" id="main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <NotificationPopup />
    </div>
  );
};
