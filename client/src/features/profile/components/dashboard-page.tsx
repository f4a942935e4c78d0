import { formatNairaAmount } from '@vendo/shared/money';
import { Link } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { Icon } from '@/components/ui/icon';
import {
  contactsIcon,
  historyIcon,
  tvIcon,
  utilityIcon,
  walletIcon,
} from '@/components/ui/app-icons';
import { airtimeIcon, dataIcon } from '@/components/ui/public-icons';
import { useGetProfileQuery } from '../api/get-profile.api';
import { PaymentAccountsCard } from './payment-accounts-card';
import { ReferralCard } from './referral-card';
import { UpgradeCard } from './upgrade-card';

const TILES: { to: string; label: string; icon: string }[] = [
  { to: '/profile/buyairtime', label: 'Airtime', icon: airtimeIcon },
  { to: '/profile/buydata', label: 'Data', icon: dataIcon },
  { to: '/profile/tv', label: 'Tv', icon: tvIcon },
  { to: '/profile/electricity', label: 'Utility', icon: utilityIcon },
  { to: '/profile/transactions', label: 'History', icon: historyIcon },
  { to: '/profile/contacts', label: 'Contacts', icon: contactsIcon },
];

/** /profile index (spec §2): balance, shortcuts, payment accounts, referral, upgrade. */
export const DashboardPage = () => {
  // Refresh on every visit so the balance is the server's, not the one stored at login.
  useGetProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = useAppSelector((state) => state.auth.user);
  if (!user) return null;

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
          <p className="balance-amount" data-testid="balance">
            {formatNairaAmount(user.balance)}
          </p>
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
