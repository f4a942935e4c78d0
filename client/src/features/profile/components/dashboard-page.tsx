import { formatNairaAmount } from '@vendo/shared/money';
import { Link } from 'react-router-dom';
import { Icon } from '@/components/ui/icon';
import {
  contactsIcon,
  historyIcon,
  tvIcon,
  utilityIcon,
  walletIcon,
} from '@/components/ui/app-icons';
import { airtimeIcon, dataIcon } from '@/components/ui/public-icons';
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
  { to: '/profile/transactions', label: 'History', icon: historyIcon },
  { to: '/profile/contacts', label: 'Contacts', icon: contactsIcon },
];

/** /profile index (spec §2): balance, shortcuts, payment accounts, referral, upgrade. */
export const DashboardPage = () => {
  // Asked again on every visit: money also arrives from outside (bank transfers, checkouts).
  const profile = useGetProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const user = profile.data?.user;
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
