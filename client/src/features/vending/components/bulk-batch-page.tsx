import type { TBulkBatchResponse } from '@vendo/shared/schemas/bulk';
import { formatNairaAmount } from '@vendo/shared/money';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { errorMessage } from '@/lib/api-error';
import { saveTextFile } from '@/lib/download.api';
import { toast } from '@/lib/toast';
import '../vending.css';
import '../bulk.css';
import { useCancelBulkMutation, useGetBulkBatchQuery } from '../api/bulk.api';
import { bulkResultsCsv, bulkResultsFileName, lineStatusText } from '../lib/bulk';

/** How often a batch still running is asked again. */
const POLL_MS = 2000;

const STATUS_TEXT: Record<TBulkBatchResponse['status'], string> = {
  running: 'Running',
  done: 'Done',
  cancelled: 'Cancelled',
};

/**
 * /profile/bulk/:batchId: a bulk purchase's live progress (asked again every 2 s until every
 * line has its outcome), each line with its receipt, cancel while it runs, and the results as a
 * CSV file.
 */
export const BulkBatchPage = () => {
  const { batchId = '' } = useParams();
  const [unfinished, setUnfinished] = useState(true);
  const query = useGetBulkBatchQuery(batchId, {
    pollingInterval: unfinished ? POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const [cancelBulk, { isLoading: cancelling }] = useCancelBulkMutation();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const batch = query.currentData ?? query.data;
  const finished = batch ? batch.finishedAt !== null : false;
  if (batch && finished === unfinished) setUnfinished(!finished);

  if (!batch) {
    return (
      <section className="card purchase-card">
        <h1 className="card-title">Bulk purchase</h1>
        {query.isError ? (
          <FormAlert message={errorMessage(query.error, 'This batch could not be loaded.')} />
        ) : (
          <p className="muted">Loading...</p>
        )}
        <Link to="/profile/bulk">Back to bulk purchases</Link>
      </section>
    );
  }

  const cancel = async () => {
    setAlert(null);
    try {
      const answer = await cancelBulk(batch.batchId).unwrap();
      toast.success(answer.msg);
    } catch (error) {
      setAlert(errorMessage(error));
    }
    setConfirmingCancel(false);
  };

  const percent = batch.total === 0 ? 100 : Math.round((batch.done / batch.total) * 100);
  const third = batch.kind === 'airtime' ? 'Amount' : 'Plan';

  return (
    <section className="card bulk-batch" aria-labelledby="bulk-batch-title">
      <div className="page-head">
        <h1 className="card-title" id="bulk-batch-title">
          {batch.kind === 'airtime' ? 'Airtime' : 'Data'} batch
        </h1>
        <span className={`status-badge bulk-status-${batch.status}`} data-testid="batch-status">
          {STATUS_TEXT[batch.status]}
        </span>
      </div>
      <p className="muted small">
        {batch.reference} · started {new Date(batch.createdAt).toLocaleString('en-NG')}
      </p>
      <FormAlert message={alert} />

      <div className="bulk-progress">
        <progress value={batch.done} max={batch.total} aria-label="Lines done" />
        <p aria-live="polite" data-testid="batch-progress">
          <strong>
            {batch.done} of {batch.total}
          </strong>{' '}
          lines done ({percent}%)
        </p>
      </div>
      <dl className="bulk-counts">
        <div className="bulk-count-success">
          <dt>Delivered</dt>
          <dd data-testid="count-success">{batch.success}</dd>
        </div>
        <div className="bulk-count-failed">
          <dt>Failed</dt>
          <dd data-testid="count-failed">{batch.failed}</dd>
        </div>
        <div>
          <dt>Pending</dt>
          <dd data-testid="count-pending">{batch.pending}</dd>
        </div>
        <div>
          <dt>Waiting</dt>
          <dd data-testid="count-queued">{batch.queued}</dd>
        </div>
        {batch.cancelled > 0 && (
          <div>
            <dt>Cancelled</dt>
            <dd data-testid="count-cancelled">{batch.cancelled}</dd>
          </div>
        )}
      </dl>
      <dl className="summary-list">
        <div>
          <dt>Priced at</dt>
          <dd>{formatNairaAmount(batch.totalAmount)}</dd>
        </div>
        <div>
          <dt>Charged so far</dt>
          <dd className="summary-total" data-testid="batch-charged">
            {formatNairaAmount(batch.charged)}
          </dd>
        </div>
      </dl>
      <p className="muted small">
        Failed lines are refunded to your wallet; pending ones are checked with the network until
        they settle.
      </p>

      <div className="bulk-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => saveTextFile(bulkResultsFileName(batch.reference), bulkResultsCsv(batch))}
        >
          Download results (CSV)
        </button>
        {batch.status === 'running' && (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={cancelling}
            onClick={() => setConfirmingCancel(true)}
          >
            Cancel batch
          </button>
        )}
        <Link className="btn btn-ghost" to="/profile/bulk">
          New batch
        </Link>
      </div>

      <ol className="bulk-lines-list" aria-label="Lines">
        {batch.lines.map((line) => (
          <li key={line.line} data-testid={`line-${line.line}`}>
            <span className="bulk-line-no">{line.line}</span>
            <span className="bulk-line-main">
              <strong>{line.mobile_number}</strong>
              <small>
                {line.network} · {third}{' '}
                {batch.kind === 'airtime' && line.amount !== null
                  ? formatNairaAmount(line.amount)
                  : line.plan}{' '}
                · {line.charge === null ? '' : formatNairaAmount(line.charge)}
              </small>
              {line.message && line.status !== 'success' && (
                <small className="bulk-line-message">{line.message}</small>
              )}
            </span>
            <span className="bulk-line-end">
              <span className={`status-badge bulk-line-${line.status}`}>
                {lineStatusText(line.status)}
              </span>
              {line.transactionId && (
                <Link to={`/profile/receipt/${line.transactionId}`} className="small">
                  Receipt
                </Link>
              )}
            </span>
          </li>
        ))}
      </ol>

      {confirmingCancel && (
        <Dialog
          title="Cancel the batch?"
          description="Lines not bought yet will not be bought or charged. Lines being bought now finish as they would."
          onClose={() => !cancelling && setConfirmingCancel(false)}
        >
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => setConfirmingCancel(false)}
              disabled={cancelling}
              data-autofocus
            >
              Keep running
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void cancel()}
              disabled={cancelling}
            >
              {cancelling ? 'Cancelling...' : 'Cancel the batch'}
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
};
