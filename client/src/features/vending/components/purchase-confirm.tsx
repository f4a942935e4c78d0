import { formatNairaAmount } from '@vendo/shared/money';
import { ConfirmActions } from '@/components/ui/confirm-actions';
import { Dialog } from '@/components/ui/dialog';
import { useWalletBalance } from '@/lib/profile.api';
import { PriceChangeNotice, type TPriceChange } from './price-change';

type TPurchaseConfirmProps = {
  description: string;
  /** What is bought and for whom, in order: [label, value]. */
  rows: readonly (readonly [string, string])[];
  /** Naira, as the form showed it (or the new price the server stated). */
  cost: number;
  priceChange: TPriceChange | null;
  retryMessage: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * The confirmation before a purchase (airtime, cable, exam, e-PINs), like the data page's: what, for whom, the cost
 * and the wallet balance it leaves (GET /auth's balance; the server's charge is the truth).
 */
export const PurchaseConfirm = ({
  description,
  rows,
  cost,
  priceChange,
  retryMessage,
  busy,
  onCancel,
  onConfirm,
}: TPurchaseConfirmProps) => {
  const balance = useWalletBalance();
  const charge = priceChange?.currentAmount ?? cost;
  return (
    <Dialog title="Confirm purchase" description={description} onClose={() => !busy && onCancel()}>
      {priceChange && <PriceChangeNotice change={priceChange} />}
      <dl className="summary-list">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>Price</dt>
          <dd className="summary-total">{formatNairaAmount(charge)}</dd>
        </div>
        {balance !== undefined && (
          <div>
            <dt>Balance after</dt>
            <dd data-testid="balance-after">
              {formatNairaAmount(Math.round((balance - charge) * 100) / 100)}
            </dd>
          </div>
        )}
      </dl>
      <ConfirmActions
        retryMessage={retryMessage}
        retryHint="Tap Buy now again: the same order is resent, so you cannot be charged twice."
        busy={busy}
        confirmLabel="Buy now"
        busyLabel="Buying..."
        onCancel={onCancel}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
};
