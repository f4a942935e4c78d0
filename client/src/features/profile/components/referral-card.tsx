import { toast } from '@/lib/toast';
import { Icon } from '@/components/ui/icon';
import { copyIcon } from '@/components/ui/app-icons';
import { copyText } from '@/lib/clipboard';

/**
 * The referral link is /register/<userName>; ₦500 when a referred user upgrades
 * (docs/product-rules.md#referrals).
 */
export const ReferralCard = ({ userName }: { userName: string }) => {
  const link = `${window.location.origin}/register/${encodeURIComponent(userName)}`;

  const copy = async () => {
    if (await copyText(link)) toast.success('Referral link copied');
  };

  return (
    <section className="card" aria-labelledby="referral-title">
      <h2 className="card-title" id="referral-title">
        Invite friends, earn ₦500
      </h2>
      <p className="muted small">
        Share your link. When someone who registers with it upgrades to reseller, ₦500 goes to your
        earnings.
      </p>
      <div className="copy-row">
        <label className="visually-hidden" htmlFor="referral-link">
          Referral link
        </label>
        <input className="input" id="referral-link" value={link} readOnly />
        <button type="button" className="btn btn-primary" onClick={() => void copy()}>
          <Icon path={copyIcon} size={16} /> Copy link
        </button>
      </div>
    </section>
  );
};
