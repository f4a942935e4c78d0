import { formatNaira } from '@vendo/shared/money';
import { RESELLER_UPGRADE_KOBO } from '@vendo/shared/constants';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Dialog } from '@/components/ui/dialog';
import { Icon } from '@/components/ui/icon';
import { upgradeIcon } from '@/components/ui/app-icons';
import { errorMessage } from '@/lib/api-error';
import { useUpgradeUserMutation } from '../api/upgrade-user.api';

/** What a failed upgrade says when the server gave no message. */
const UPGRADE_FALLBACK_ERROR = 'something went wrong';

/**
 * Only smart earners see this (docs/product-rules.md#reseller-upgrade). The one-time upgrade is
 * confirmed in a dialog; success shows the server's message, takes the new tier and balance, and
 * goes to /.
 */
export const UpgradeCard = ({ userId }: { userId: string }) => {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [upgradeUser, { isLoading }] = useUpgradeUserMutation();
  const price = formatNaira(RESELLER_UPGRADE_KOBO);

  const upgrade = async () => {
    try {
      const { msg } = await upgradeUser({ id: userId }).unwrap();
      setConfirming(false);
      toast.success(msg);
      navigate('/');
    } catch (error) {
      const message = errorMessage(error, UPGRADE_FALLBACK_ERROR);
      toast.error(message);
      setFailure(message);
      setConfirming(false);
    }
  };

  return (
    <section className="card upgrade-card" aria-labelledby="upgrade-title">
      <span className="upgrade-icon" aria-hidden="true">
        <Icon path={upgradeIcon} size={22} />
      </span>
      <h2 className="card-title" id="upgrade-title">
        Become a reseller
      </h2>
      <p className="muted small">
        Pay a one-time {price} from your wallet and buy every data plan at the reseller price, with
        a bigger airtime discount.
      </p>
      {failure && (
        <p className="form-alert" role="alert">
          {failure}
        </p>
      )}
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          setFailure(null);
          setConfirming(true);
        }}
        disabled={isLoading}
      >
        Upgrade for {price.replace(/\.00$/, '')}
      </button>

      {confirming && (
        <Dialog
          title="Upgrade to reseller"
          description={`${price} is taken from your wallet once. This cannot be undone.`}
          onClose={() => !isLoading && setConfirming(false)}
        >
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setConfirming(false)}
              disabled={isLoading}
              data-autofocus
            >
              Cancel
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void upgrade()}
              disabled={isLoading}
            >
              {isLoading ? 'Upgrading...' : 'Upgrade now'}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
};
