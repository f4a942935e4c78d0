type TConfirmActionsProps = {
  /** Why the last attempt has no answer yet; shown with the promise that a retry is safe. */
  retryMessage: string | null;
  /** e.g. 'Tap Send again: the same transfer is resent, so it cannot happen twice.' */
  retryHint: string;
  busy: boolean;
  confirmLabel: string;
  busyLabel: string;
  onCancel: () => void;
  onConfirm: () => void;
};

/**
 * The foot of every money-moving confirmation: a retry notice after an unanswered attempt (the
 * retry reuses the Idempotency-Key), Cancel, and the confirm button.
 */
export const ConfirmActions = ({
  retryMessage,
  retryHint,
  busy,
  confirmLabel,
  busyLabel,
  onCancel,
  onConfirm,
}: TConfirmActionsProps) => (
  <>
    {retryMessage && (
      <div className="retry-box" role="alert">
        <p>{retryMessage}</p>
        <p className="small">{retryHint}</p>
      </div>
    )}
    <div className="dialog-actions">
      {/* Focus starts on Cancel: a second Enter must not pay (two quick presses bought twice). */}
      <button
        type="button"
        className="btn btn-secondary"
        onClick={onCancel}
        disabled={busy}
        data-autofocus
      >
        Cancel
      </button>
      <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy}>
        {busy ? busyLabel : confirmLabel}
      </button>
    </div>
  </>
);
