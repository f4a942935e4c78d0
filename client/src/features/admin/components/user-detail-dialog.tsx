import { formatNairaAmount } from '@vendo/shared/money';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppSelector } from '@/app/hooks';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { formatDay, formatDateTime } from '@/lib/format-date';
import {
  useGetUserQuery,
  useResetUserPasswordMutation,
  useSetRoleMutation,
  useSetUserTierMutation,
} from '../api/admin-users.api';
import { NEXT_TIER } from '../lib/admin';

/**
 * A user's detail from the user list (docs/product-rules.md#staff-screens): their transactions, and
 * for admins send mail, the next tier of the cycle, the agent and coupon vendor roles and a
 * password reset link.
 */
export const UserDetailDialog = ({ userId, onClose }: { userId: string; onClose: () => void }) => {
  const isAdmin = useAppSelector((s) => s.auth.isAdmin || s.auth.user?.isAdmin === true);
  const { data, isError } = useGetUserQuery(userId);
  const [upgrade, upgradeState] = useSetUserTierMutation();
  const [setRole, roleState] = useSetRoleMutation();
  const [resetPassword, resetState] = useResetUserPasswordMutation();
  const [confirmReset, setConfirmReset] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const busy = upgradeState.isLoading || roleState.isLoading || resetState.isLoading;
  const user = data?.user;

  const run = async (call: () => Promise<{ msg: string }>) => {
    setError(null);
    try {
      toast.success((await call()).msg);
    } catch (cause) {
      const message = errorMessage(cause);
      setError(message);
      toast.error(message);
    }
  };

  if (!user) {
    return (
      <Dialog title="User" onClose={onClose}>
        {isError ? <p>That user could not be loaded.</p> : <Spinner />}
        <div className="admin-dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Close
          </button>
        </div>
      </Dialog>
    );
  }

  const next = NEXT_TIER[user.userType];
  const roles: { role: 'agent' | 'coupon vendor'; on: boolean; label: string }[] = [
    { role: 'agent', on: user.isAgent, label: 'Agent' },
    { role: 'coupon vendor', on: user.isCouponVendor, label: 'Coupon vendor' },
  ];

  return (
    <Dialog title={user.userName} description={user.fullName ?? undefined} onClose={onClose}>
      <dl className="detail-list">
        <div className="detail-row">
          <dt>Type</dt>
          <dd data-testid="detail-type">{user.userType}</dd>
        </div>
        <div className="detail-row">
          <dt>Balance</dt>
          <dd>{formatNairaAmount(user.balance)}</dd>
        </div>
        <div className="detail-row">
          <dt>Phone</dt>
          <dd>{user.phoneNumber}</dd>
        </div>
        <div className="detail-row">
          <dt>Email</dt>
          <dd className="admin-wrap">{user.email}</dd>
        </div>
        <div className="detail-row">
          <dt>Member since</dt>
          <dd>{formatDay(user.createdAt)}</dd>
        </div>
        <div className="detail-row">
          <dt>Last seen</dt>
          <dd>{formatDateTime(user.lastLogin)}</dd>
        </div>
        <div className="detail-row">
          <dt>Roles</dt>
          <dd data-testid="detail-roles">
            {[
              user.isAdmin && 'admin',
              user.isAgent && 'agent',
              user.isCouponVendor && 'coupon vendor',
            ]
              .filter(Boolean)
              .join(', ') || 'none'}
          </dd>
        </div>
      </dl>
      <FormAlert message={error} />
      <div className="admin-dialog-actions">
        <Link
          className="btn btn-secondary"
          to={`/profile/transactions?account=${encodeURIComponent(user.userName)}`}
        >
          View transactions
        </Link>
        {isAdmin && (
          <>
            <Link
              className="btn btn-secondary"
              to={`/admin/sendMail?userAccount=${encodeURIComponent(user.userName)}`}
            >
              Send mail
            </Link>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => void run(() => upgrade({ userId: user._id, userType: next }).unwrap())}
            >
              Upgrade to {next}
            </button>
            {!user.isAdmin &&
              roles.map(({ role, on, label }) => (
                <button
                  key={role}
                  type="button"
                  className="btn btn-secondary"
                  aria-pressed={on}
                  disabled={busy}
                  onClick={() =>
                    void run(() => setRole({ userId: user._id, role, enabled: !on }).unwrap())
                  }
                >
                  {on ? `Remove ${label.toLowerCase()} role` : `Make ${label.toLowerCase()}`}
                </button>
              ))}
            {/* Keyed apart: focus moves to Cancel, so a second Enter does not send the link. */}
            {confirmReset ? (
              <>
                <button
                  key="cancel-reset"
                  type="button"
                  className="btn btn-secondary"
                  disabled={busy}
                  data-autofocus
                  onClick={() => setConfirmReset(false)}
                >
                  Cancel
                </button>
                <button
                  key="confirm-reset"
                  type="button"
                  className="btn btn-primary"
                  disabled={busy}
                  onClick={() =>
                    void run(() => resetPassword({ userId: user._id }).unwrap()).then(() =>
                      setConfirmReset(false),
                    )
                  }
                >
                  Send {user.email} a reset link and sign them out
                </button>
              </>
            ) : (
              <button
                key="ask-reset"
                type="button"
                className="btn btn-secondary"
                disabled={busy}
                onClick={() => setConfirmReset(true)}
              >
                Reset password
              </button>
            )}
          </>
        )}
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
};
