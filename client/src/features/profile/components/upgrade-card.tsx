import { formatNaira } from '@vendo/shared/money';
import { RESELLER_UPGRADE_KOBO } from '@vendo/shared/constants';
import { Icon } from '@/components/ui/icon';
import { upgradeIcon } from '@/components/ui/app-icons';

/** Only smart earners see this (spec §6). The upgrade itself comes in a later issue. */
export const UpgradeCard = () => (
  <section className="card upgrade-card" aria-labelledby="upgrade-title">
    <span className="upgrade-icon" aria-hidden="true">
      <Icon path={upgradeIcon} size={22} />
    </span>
    <h2 className="card-title" id="upgrade-title">
      Become a reseller
    </h2>
    <p className="muted small">
      Pay a one-time {formatNaira(RESELLER_UPGRADE_KOBO)} from your wallet and buy every data plan
      at the reseller price, with a bigger airtime discount.
    </p>
    <button type="button" className="btn btn-secondary" disabled>
      Upgrade: coming soon
    </button>
  </section>
);
