import {
  BULK_LINES_MAX,
  type TBulkKind,
  type TBulkPreviewResponse,
} from '@vendo/shared/schemas/bulk';
import { formatNairaAmount } from '@vendo/shared/money';
import { useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ConfirmActions } from '@/components/ui/confirm-actions';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { WalletBalance } from '@/components/ui/wallet-balance';
import { errorMessage, isUncertainMove } from '@/lib/api-error';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import '../vending.css';
import '../bills.css';
import '../bulk.css';
import {
  useGetBulkBatchesQuery,
  usePreviewBulkMutation,
  useStartBulkMutation,
} from '../api/bulk.api';
import { BULK_THIRD_COLUMN, parseBulkLines } from '../lib/bulk';

const EXAMPLES: Record<TBulkKind, string> = {
  airtime: 'MTN, 08031234567, 500\nGLO, 08051234567, 200',
  data: 'MTN, 08031234567, 2\nAIRTEL, 08021234567, 5',
};

const KIND_LABEL: Record<TBulkKind, string> = { airtime: 'Airtime', data: 'Data' };

/**
 * /profile/bulk: airtime or data for many numbers in one go (up to 500 lines). Lines are typed,
 * pasted or uploaded as CSV; "Check lines" has the server check and price every line (nothing is
 * charged) and shows each problem; once every line is right and the balance covers the total,
 * the batch is confirmed and runs in the background (its progress at /profile/bulk/:batchId).
 */
export const BulkPage = () => {
  const navigate = useNavigate();
  const [kind, setKind] = useState<TBulkKind>('airtime');
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<TBulkPreviewResponse | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [retryMessage, setRetryMessage] = useState<string | null>(null);
  const [previewBulk, { isLoading: checking }] = usePreviewBulkMutation();
  const [startBulk, { isLoading: starting }] = useStartBulkMutation();
  const batches = useGetBulkBatchesQuery(undefined, { refetchOnMountOrArgChange: true });
  const idempotency = useIdempotencyKey();

  const items = parseBulkLines(text, kind);
  const body = { kind, items };

  // Anything changed after a check makes that check stale: the lines must be checked again.
  const edit = (next: { kind?: TBulkKind; text?: string }) => {
    if (next.kind) setKind(next.kind);
    if (next.text !== undefined) setText(next.text);
    setPreview(null);
    setAlert(null);
  };

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > 200_000) {
      setAlert('That file is too large: a batch takes at most 500 lines.');
      return;
    }
    edit({ text: await file.text() });
  };

  const check = async () => {
    setAlert(null);
    if (items.length === 0) {
      setAlert('Add at least one line');
      return;
    }
    if (items.length > BULK_LINES_MAX) {
      setAlert(`A batch takes at most ${BULK_LINES_MAX} lines: this one has ${items.length}.`);
      return;
    }
    try {
      setPreview(await previewBulk(body).unwrap());
    } catch (error) {
      setAlert(errorMessage(error));
    }
  };

  const ready = preview !== null && preview.invalid === 0 && preview.totalAmount <= preview.balance;

  const openConfirm = () => {
    idempotency.reset(); // a new confirmation is a new batch
    setRetryMessage(null);
    setConfirming(true);
  };

  const start = async () => {
    setRetryMessage(null);
    try {
      const started = await startBulk({ body, idempotencyKey: idempotency.keyFor(body) }).unwrap();
      idempotency.reset();
      setConfirming(false);
      void navigate(`/profile/bulk/${started.batchId}`);
    } catch (error) {
      if (isUncertainMove(error)) {
        // The batch may have started: "Start" again resends the same key, never a second batch.
        setRetryMessage('We could not confirm the batch started. Check your connection.');
        return;
      }
      setConfirming(false);
      setPreview(null);
      setAlert(errorMessage(error));
    }
  };

  const problems = preview?.lines.filter((line) => line.error) ?? [];
  const third = BULK_THIRD_COLUMN[kind];

  return (
    <div className="purchase-layout">
      <section className="card purchase-card" aria-labelledby="bulk-title">
        <h1 className="card-title" id="bulk-title">
          Bulk purchase
        </h1>
        <p className="muted small">
          Top up many numbers at once: up to {BULK_LINES_MAX} lines, each bought and receipted on
          its own.
        </p>
        <WalletBalance />
        <form
          className="form bulk-form"
          noValidate
          aria-label="Bulk purchase"
          onSubmit={(event) => {
            event.preventDefault();
            void check();
          }}
        >
          <FormAlert message={alert} />
          <fieldset className="choice-row">
            <legend>What to buy</legend>
            {(['airtime', 'data'] as const).map((option) => (
              <label key={option}>
                <input
                  type="radio"
                  name="kind"
                  value={option}
                  checked={kind === option}
                  onChange={() => edit({ kind: option })}
                />
                {KIND_LABEL[option]}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label className="field-label" htmlFor="bulk-lines">
              Lines
            </label>
            <textarea
              id="bulk-lines"
              className="input bulk-lines"
              rows={8}
              spellCheck={false}
              autoComplete="off"
              placeholder={EXAMPLES[kind]}
              value={text}
              aria-describedby="bulk-lines-hint"
              onChange={(event) => edit({ text: event.target.value })}
            />
            <p className="field-hint" id="bulk-lines-hint">
              One per line: network, phone number,{' '}
              {third === 'amount' ? 'amount in naira' : 'plan id'}
              {third === 'plan' && (
                <>
                  {' '}
                  (the plan ids are on <Link to="/prices">Prices</Link>)
                </>
              )}
              . {items.length > 0 && `${items.length} line${items.length === 1 ? '' : 's'}.`}
            </p>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="bulk-file">
              Or upload a CSV file
            </label>
            <input
              id="bulk-file"
              className="bulk-file"
              type="file"
              accept=".csv,text/csv,text/plain"
              onChange={(event) => void upload(event)}
            />
          </div>
          <button
            type="submit"
            className="btn btn-secondary btn-block"
            disabled={checking || items.length === 0}
          >
            {checking ? 'Checking...' : 'Check lines'}
          </button>
        </form>

        {preview && (
          <div className="bulk-preview" data-testid="bulk-preview" aria-live="polite">
            <p className={ready ? 'bulk-verdict' : 'bulk-verdict bulk-verdict-bad'}>
              {preview.msg}
            </p>
            <dl className="summary-list">
              <div>
                <dt>Lines</dt>
                <dd>
                  {preview.valid} of {preview.total} ready
                </dd>
              </div>
              <div>
                <dt>Total</dt>
                <dd className="summary-total">{formatNairaAmount(preview.totalAmount)}</dd>
              </div>
              <div>
                <dt>Balance</dt>
                <dd>{formatNairaAmount(preview.balance)}</dd>
              </div>
            </dl>
            {problems.length > 0 && (
              <ul className="bulk-problems" aria-label="Lines with problems">
                {problems.map((line) => (
                  <li key={line.line}>
                    <strong>Line {line.line}</strong>
                    {line.mobile_number && <span> ({line.mobile_number})</span>}: {line.error}
                  </li>
                ))}
              </ul>
            )}
            <button
              type="button"
              className="btn btn-primary btn-block btn-lg"
              disabled={!ready || starting}
              onClick={openConfirm}
            >
              Buy {preview.valid} line{preview.valid === 1 ? '' : 's'} for{' '}
              {formatNairaAmount(preview.totalAmount)}
            </button>
          </div>
        )}
      </section>

      <aside className="purchase-aside">
        <section className="card" aria-labelledby="bulk-recent-title">
          <h2 className="card-title" id="bulk-recent-title">
            Your batches
          </h2>
          {batches.currentData && batches.currentData.batches.length > 0 ? (
            <ul className="bulk-batches">
              {batches.currentData.batches.map((batch) => (
                <li key={batch.batchId}>
                  <Link to={`/profile/bulk/${batch.batchId}`}>
                    <span>
                      <strong>{batch.reference}</strong>
                      <small>
                        {KIND_LABEL[batch.kind]} · {batch.done} of {batch.total} done
                      </small>
                    </span>
                    <span className={`status-badge bulk-status-${batch.status}`}>
                      {batch.status === 'running'
                        ? 'Running'
                        : batch.status === 'done'
                          ? 'Done'
                          : 'Cancelled'}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted small">
              {batches.isLoading ? 'Loading...' : 'Your bulk purchases will show here.'}
            </p>
          )}
        </section>
      </aside>

      {confirming && preview && (
        <Dialog
          title="Start the batch"
          description="Each line is bought and charged as it runs. You can cancel the lines not yet bought."
          onClose={() => !starting && setConfirming(false)}
        >
          <dl className="summary-list">
            <div>
              <dt>Buying</dt>
              <dd>{KIND_LABEL[kind]}</dd>
            </div>
            <div>
              <dt>Lines</dt>
              <dd>{preview.valid}</dd>
            </div>
            <div>
              <dt>Total</dt>
              <dd className="summary-total">{formatNairaAmount(preview.totalAmount)}</dd>
            </div>
            <div>
              <dt>Balance after</dt>
              <dd>
                {formatNairaAmount(Math.round((preview.balance - preview.totalAmount) * 100) / 100)}
              </dd>
            </div>
          </dl>
          <ConfirmActions
            retryMessage={retryMessage}
            retryHint="Tap Start again: the same batch is resent, so it cannot run twice."
            busy={starting}
            confirmLabel="Start"
            busyLabel="Starting..."
            onCancel={() => setConfirming(false)}
            onConfirm={() => void start()}
          />
        </Dialog>
      )}
    </div>
  );
};
