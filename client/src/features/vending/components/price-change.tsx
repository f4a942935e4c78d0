import { formatNairaAmount } from '@vendo/shared/money';
import { ConfirmActions } from '@/components/ui/confirm-actions';
import { Dialog } from '@/components/ui/dialog';

/** The server's word that the price changed (its message) and the charge to confirm now. */
export type TPriceChange = { msg: string; currentAmount: number };

/** Inside a confirmation: the price changed since the buyer last confirmed it. */
export const PriceChangeNotice = ({ change }: { change: TPriceChange }) => (
  <div className="price-change-box" role="alert" data-testid="price-change">
    <p>{change.msg}</p>
  </div>
);

type TPriceChangeDialogProps = {
  change: TPriceChange;
  /** What is being bought, e.g. '₦500.00 MTN airtime'. */
  product: string;
  retryMessage: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * Airtime and electricity buy from the form, without a confirmation dialog; when the server
 * says the charge is no longer the one the form showed, this one asks before anything is bought.
 */
export const PriceChangeDialog = ({
  change,
  product,
  retryMessage,
  busy,
  onCancel,
  onConfirm,
}: TPriceChangeDialogProps) => (
  <Dialog title="Confirm the new price" onClose={() => !busy && onCancel()}>
    <PriceChangeNotice change={change} />
    <dl className="summary-list">
      <div>
        <dt>Purchase</dt>
        <dd>{product}</dd>
      </div>
      <div>
        <dt>You pay</dt>
        <dd className="summary-total">{formatNairaAmount(change.currentAmount)}</dd>
      </div>
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
