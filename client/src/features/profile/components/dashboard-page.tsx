import { formatNairaAmount } from '@vendo/shared/money';
import { Link } from 'react-router-dom';
import { Icon } from '@/components/ui/icon';
import {
  contactsIcon,
  epinIcon,
  examIcon,
  historyIcon,
  tvIcon,
  utilityIcon,
  walletIcon,
} from '@/components/ui/app-icons';
import { airtimeIcon, dataIcon } from '@/components/ui/public-icons';
import { useAppSelector } from '@/app/hooks';
import { useGetProfileQuery } from '@/lib/profile.api';
import { PaymentAccountsCard } from './payment-accounts-card';
import { ProfileLoading } from './profile-loading';
import { ReferralCard } from './referral-card';
import { UpgradeCard } from './upgrade-card';

const TILES: { to: string; label: string; icon: string }[] = [
  { to: '/profile/buyairtime', label: 'Airtime', icon: airtimeIcon },
  { to: '/profile/buydata', label: 'Data', icon: dataIcon },
  { to: '/profile/tv', label: 'Tv', icon: tvIcon },
  { to: '/profile/electricity', label: 'Utility', icon: utilityIcon },
  { to: '/profile/exam', label: 'Exam PINs', icon: examIcon },
  { to: '/profile/epin', label: 'e-PINs', icon: epinIcon },
  { to: '/profile/transactions', label: 'History', icon: historyIcon },
  { to: '/profile/contacts', label: 'Contacts', icon: contactsIcon },
];

/**
 * /profile index: balance, shortcuts, payment accounts, referral, upgrade. Everything
 * but the balance renders at once from the stored session, so a slow network shows the screen
 * right away; the balance (never stored, lib/auth.slice.ts) waits for GET /auth.
 */
export const DashboardPage = () => {
  // Asked again on every visit: money also arrives from outside (bank transfers, checkouts).
  const profile = useGetProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const sessionUser = useAppSelector((state) => state.auth.user);
  const user = profile.data?.user ?? sessionUser;
  const balance = profile.data?.user.balance;
  if (!user) {
    return <ProfileLoading failed={profile.isError} onRetry={() => void profile.refetch()} />;
  }

  return (
    <div className="dashboard">
      <h1 className="visually-hidden">Dashboard</h1>
      <section className="balance-card" aria-labelledby="balance-label">
        <div>
          <p className="balance-greeting">
            Hello, <strong data-testid="dashboard-username">{user.userName}</strong>
            <span className="user-type-badge">{user.userType}</span>
          </p>
          <p className="balance-label" id="balance-label">
            Wallet balance
          </p>
          {balance === undefined ? (
            <p className="balance-amount balance-pending" aria-busy="true">
              {profile.isError ? (
                <button
                  type="button"
                  className="btn btn-light btn-sm"
                  onClick={() => void profile.refetch()}
                >
                  Show balance
                </button>
              ) : (
                <span className="muted-inverse">₦ ···</span>
              )}
            </p>
          ) : (
            <p className="balance-amount" data-testid="balance">
              {formatNairaAmount(balance)}
            </p>
          )}
        </div>
        <Link className="btn btn-light" to="/profile/fundWallet">
          <Icon path={walletIcon} size={18} /> Fund wallet
        </Link>
      </section>

      <nav className="tile-grid" aria-label="Services">
        {TILES.map((tile) => (
          <Link key={tile.label} to={tile.to} className="tile">
            <span className="tile-icon">
              <Icon path={tile.icon} size={24} />
            </span>
            <span className="tile-label">{tile.label}</span>
          </Link>
        ))}
      </nav>

      <div className="dashboard-cards">
        <PaymentAccountsCard user={user} />
        <ReferralCard userName={user.userName} />
        {user.userType === 'smart earner' && <UpgradeCard userId={user._id} />}
      </div>
    </div>
  );
};
