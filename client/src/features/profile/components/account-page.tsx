import { Suspense, type ReactNode } from 'react';
import { useGetProfileQuery } from '@/lib/profile.api';
import { KycForm } from './kyc-form';
import { ProfileLoading } from './profile-loading';
import { Link } from 'react-router-dom';

const formatDate = (iso: string | null): string =>
  iso
    ? new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' })
    : 'Unknown';

/**
 * /profile/user: the account details from the profile, the KYC form, and the sections other
 * features add below them, composed in app/ (API tokens and webhooks, for every account).
 */
export const AccountPage = ({ children }: { children?: ReactNode }) => {
  const profile = useGetProfileQuery(undefined);
  const user = profile.data?.user;
  if (!user) {
    return <ProfileLoading failed={profile.isError} onRetry={() => void profile.refetch()} />;
  }

  const rows: [string, string][] = [
    ['Username', user.userName],
    ['Full name', user.fullName ?? 'Not provided'],
    ['E-mail', user.email],
    ['Phone number', user.phoneNumber],
    ['Account type', user.userType.replace(/^\w/, (letter) => letter.toUpperCase())],
    ['Referred by', user.referredBy ?? 'Nobody'],
    ['NIN', user.nin ?? 'Not provided'],
    ['BVN', user.bvn ?? 'Not provided'],
    ['Webhook URL', user.webhookUrl ?? 'Not set'],
    ['Member since', formatDate(user.createdAt)],
    ['Last login', formatDate(user.lastLogin)],
  ];

  return (
    <>
      <section className="card" aria-labelledby="account-title">
        <h1 className="card-title" id="account-title">
          Account details
        </h1>
        <dl className="detail-list">
          {rows.map(([term, value]) => (
            <div className="detail-row" key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="muted small">
          Selling from your own software? See the{' '}
          <Link to="/developers">API guide and reference</Link>.
        </p>
      </section>
      <KycForm user={user} />
      <Suspense fallback={null}>{children}</Suspense>
    </>
  );
};
