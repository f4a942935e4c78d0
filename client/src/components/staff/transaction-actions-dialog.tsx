import { formatNairaAmount } from '@vendo/shared/money';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppSelector } from '@/app/hooks';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format-date';
import {
  useRefundTransactionMutation,
  useRequeryFundingMutation,
  useRequeryPurchaseMutation,
  useRequeryWithdrawalMutation,
} from '@/lib/staff-transactions.api';
import { refundOffer, requeryKind } from '@/lib/staff-transactions';
import { networkOf, servedOf } from '@/lib/transaction-fields';

type TProps = { row: TTransaction; onClose: () => void };

/** The supplier's words from its stored answer (JSON with api_response or message), else as is. */
const supplierMessage = (raw: string): string => {
  try {
    const answer: unknown = JSON.parse(raw);
    if (answer && typeof answer === 'object') {
      const { api_response: said, message, msg } = answer as Record<string, unknown>;
      const text = [said, message, msg].find((v) => typeof v === 'string' && v.trim());
      if (typeof text === 'string') return text;
    }
  } catch {
    // Not JSON: a plain message.
  }
  return raw;
};

/**
 * What staff can do with one transaction (docs/product-rules.md#refunds-and-re-queries): re-query
 * an unsettled purchase, funding or withdrawal; refund a purchase (not a refunded, failed,
 * transfer, wallet or refund row). A delivered purchase only an admin refunds, with a written
 * reason; the server decides in any case.
 */
export const TransactionActionsDialog = ({ row, onClose }: TProps) => {
  const isAdmin = useAppSelector((s) => s.auth.isAdmin || s.auth.user?.isAdmin === true);
  const offer = refundOffer(row, isAdmin);
  const requery = requeryKind(row, isAdmin);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refund, refundState] = useRefundTransactionMutation();
  const [requeryPurchase, purchaseState] = useRequeryPurchaseMutation();
  const [requeryFunding, fundingState] = useRequeryFundingMutation();
  const [requeryWithdrawal, withdrawalState] = useRequeryWithdrawalMutation();
  const busy =
    refundState.isLoading ||
    purchaseState.isLoading ||
    fundingState.isLoading ||
    withdrawalState.isLoading;

  const run = async (call: () => Promise<{ msg: string }>) => {
    setError(null);
    try {
      toast.success((await call()).msg);
      onClose();
    } catch (cause) {
      const message = errorMessage(cause);
      setError(message);
      toast.error(message);
    }
  };

  const onRequery = () =>
    run(() =>
      requery === 'purchase'
        ? requeryPurchase(row._id).unwrap()
        : requery === 'funding'
          ? requeryFunding(row._id).unwrap()
          : requeryWithdrawal(row._id).unwrap(),
    );

  const onRefund = () => {
    if (offer === 'reason' && reason.trim().length < 5) {
      setError('Write why this delivered purchase is refunded (at least 5 characters)');
      return;
    }
    void run(() =>
      refund({ id: row._id, reason: offer === 'reason' ? reason.trim() : undefined }).unwrap(),
    );
  };

  return (
    <Dialog
      title={`${row.trans_Type} · ${networkOf(row)}`}
      description={`Reference ${row.trans_Id}`}
      onClose={onClose}
    >
      <dl className="detail-list">
        <div className="detail-row">
          <dt>Amount</dt>
          <dd>{formatNairaAmount(row.trans_amount)}</dd>
        </div>
        <div className="detail-row">
          <dt>Status</dt>
          <dd data-testid="action-status">{row.trans_Status}</dd>
        </div>
        <div className="detail-row">
          <dt>User</dt>
          <dd>{row.trans_UserName}</dd>
        </div>
        {servedOf(row) && (
          <div className="detail-row">
            <dt>Phone / meter</dt>
            <dd>{servedOf(row)}</dd>
          </div>
        )}
        <div className="detail-row">
          <dt>Date</dt>
          <dd>{formatDateTime(row.createdAt)}</dd>
        </div>
        {row.trans_profit !== undefined && (
          <div className="detail-row">
            <dt>Profit</dt>
            <dd>{formatNairaAmount(row.trans_profit)}</dd>
          </div>
        )}
        {row.apiResponse && (
          <div className="detail-row">
            <dt>Supplier said</dt>
            <dd className="admin-wrap">
              {supplierMessage(row.apiResponse)}
              <details>
                <summary className="small">Whole answer</summary>
                <pre className="admin-json">{row.apiResponse}</pre>
              </details>
            </dd>
          </div>
        )}
      </dl>
      <FormAlert message={error} />
      {confirming && (
        <div className="form">
          {offer === 'reason' ? (
            <div className="field">
              <label className="field-label" htmlFor="refund-reason">
                Why refund a delivered purchase?
              </label>
              <textarea
                className="input textarea"
                id="refund-reason"
                rows={3}
                maxLength={500}
                value={reason}
                data-autofocus
                onChange={(event) => setReason(event.target.value)}
              />
              <p className="field-hint">
                The supplier delivered it. The reason goes into the audit log.
              </p>
            </div>
          ) : (
            <p className="small">
              The supplier is asked first: the wallet is credited only if it says the purchase
              failed.
            </p>
          )}
        </div>
      )}
      <div className="admin-dialog-actions">
        {requery && !confirming && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => void onRequery()}
          >
            Re-query
          </button>
        )}
        {/* Keyed apart: the focused Refund button goes, and focus lands on the reason or on
            Cancel (components/ui/dialog.tsx), so a second Enter does not refund. */}
        {offer !== 'none' &&
          (confirming ? (
            <>
              <button
                key="cancel-refund"
                type="button"
                className="btn btn-secondary"
                disabled={busy}
                data-autofocus
                onClick={() => setConfirming(false)}
              >
                Cancel
              </button>
              <button
                key="confirm-refund"
                type="button"
                className="btn btn-primary"
                disabled={busy}
                onClick={onRefund}
              >
                {busy ? 'Refunding...' : `Refund ${formatNairaAmount(row.trans_amount)}`}
              </button>
            </>
          ) : (
            <button
              key="ask-refund"
              type="button"
              className="btn btn-secondary"
              disabled={busy}
              onClick={() => setConfirming(true)}
            >
              Refund
            </button>
          ))}
        <Link className="btn btn-ghost" to={`/profile/receipt/${encodeURIComponent(row._id)}`}>
          Open receipt
        </Link>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
};
