import { formatNairaAmount } from '@vendo/shared/money';
import { Link, useLocation, useParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Icon } from '@/components/ui/icon';
import { copyIcon, downloadIcon, historyIcon } from '@/components/ui/app-icons';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage, isQueryError } from '@/lib/api-error';
import { copyText } from '@/lib/clipboard';
import { profileApi } from '@/lib/profile.api';
import '../vending.css';
import '../bills.css';
import { useGetTransactionQuery, useLazyGetTransactionQuery } from '../api/get-transaction.api';
import {
  canCheckStatus,
  formatToken,
  receiptNote,
  receiptRows,
  receiptStatus,
  receiptText,
  receiptViewFromState,
  receiptViewFromTransaction,
  refreshReceiptView,
  STATUS_LABELS,
  type TReceiptView,
} from '../lib/receipt';
import { epinShortfall, shortfallText } from '../lib/epins';
import { EpinCards } from './epin-cards';
import { ExamPins } from './exam-pins';
import { downloadReceiptImage } from '../lib/receipt-image';

const AGAIN: Record<string, { to: string; label: string }> = {
  data: { to: '/profile/buydata', label: 'Buy more data' },
  airtime: { to: '/profile/buyairtime', label: 'Buy more airtime' },
  electricity: { to: '/profile/electricity', label: 'Buy more electricity' },
  cable: { to: '/profile/tv', label: 'Pay another subscription' },
  exam: { to: '/profile/exam', label: 'Buy more exam PINs' },
  epin: { to: '/profile/epin', label: 'Buy more e-PINs' },
};

/**
 * A delivered exam or e-PIN purchase whose copy here has no PINs (the recent list GET /auth
 * answers leaves them out): the receipt is asked for, with them, from GET /transaction/:id.
 */
const lacksPins = (view: TReceiptView | null): boolean =>
  view !== null &&
  (view.receipt.trans_Type === 'exam' || view.receipt.trans_Type === 'epin') &&
  view.receipt.trans_Status === 'success' &&
  !view.receipt.pins?.length;

/** The card shown instead of a receipt (not found, could not load). */
const ReceiptMissing = ({
  title,
  text,
  onRetry,
}: {
  title: string;
  text: string;
  onRetry?: () => void;
}) => (
  <section className="card coming-soon" aria-labelledby="receipt-title">
    <h1 id="receipt-title">{title}</h1>
    <p className="muted">{text}</p>
    {onRetry && (
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        Try again
      </button>
    )}
    <Link className="btn btn-primary" to="/profile">
      Back to dashboard
    </Link>
  </section>
);

/**
 * /profile/receipt/:id: the receipt of a purchase, shown after every purchase. It comes in the
 * router state from the purchase, else from the recent transactions GET /auth already answered
 * (read from the cache, not fetched), else from the server (a reload, a link). A pending receipt
 * can be checked again.
 */
export const ReceiptPage = () => {
  const { id = '' } = useParams();
  const { state } = useLocation();
  const fromState = receiptViewFromState(state, id);
  const { stored } = profileApi.endpoints.getProfile.useQueryState(undefined, {
    selectFromResult: ({ data }) => ({
      stored: data?.transactions.find((transaction) => transaction._id === id),
    }),
  });
  const copied = fromState ?? (stored ? receiptViewFromTransaction(stored) : null);
  const local = lacksPins(copied) ? null : copied;
  const fetched = useGetTransactionQuery(id, { skip: local !== null || id === '' });
  const [checkStatus, checked] = useLazyGetTransactionQuery();

  const base =
    local ??
    (fetched.currentData ? receiptViewFromTransaction(fetched.currentData.transaction) : null);
  const latest = checked.currentData?.transaction;
  const view = base && latest?._id === id ? refreshReceiptView(base, latest) : base;

  if (!view) {
    if (id !== '' && !fetched.isError) {
      return (
        <section className="card page-spinner" role="status" data-testid="receipt-loading">
          <Spinner />
          <p className="muted">Loading receipt...</p>
        </section>
      );
    }
    const { error } = fetched;
    // Only "no such receipt" is final; no answer or a server error may pass.
    if (isQueryError(error) && (error.status === null || error.status >= 500)) {
      return (
        <ReceiptMissing
          title="Receipt not available"
          text={errorMessage(error, 'We could not load this receipt. Please try again.')}
          onRetry={() => void fetched.refetch()}
        />
      );
    }
    return (
      <ReceiptMissing
        title="Receipt not found"
        text="We could not find this receipt. Your transactions list has all your purchases."
      />
    );
  }

  const { receipt } = view;
  const status = receiptStatus(receipt);
  const note = receiptNote(view);
  const again = AGAIN[receipt.trans_Type];
  const shortfall = epinShortfall(receipt);

  const copy = async (text: string, done = 'Copied') => {
    if (await copyText(text)) toast.success(done);
    else toast.error('Copying is not allowed here: select the text instead.');
  };

  const check = async () => {
    const { data, error } = await checkStatus(id);
    if (error) toast.error(errorMessage(error, 'We could not check the status. Please try again.'));
    else if (data && canCheckStatus(data.transaction)) {
      toast.info('Still being processed. Please check again in a minute.');
    }
  };

  const download = async () => {
    if (!(await downloadReceiptImage(view))) {
      toast.error('This browser cannot draw the image. Use Copy instead.');
    }
  };

  return (
    <section className="card receipt" aria-labelledby="receipt-title" data-testid="receipt">
      <div className="receipt-head">
        <h1 className="card-title" id="receipt-title">
          Receipt
        </h1>
        <span
          className={`status-badge status-${status}`}
          data-testid="receipt-status"
          aria-live="polite"
        >
          {STATUS_LABELS[status]}
        </span>
      </div>
      <p className="receipt-amount" data-testid="receipt-amount">
        {formatNairaAmount(receipt.trans_amount)}
      </p>
      <p className="receipt-product" data-testid="receipt-product">
        {view.product}
      </p>
      {shortfall && (
        <p className="receipt-note note-shortfall" data-testid="epin-shortfall">
          {shortfallText(shortfall)}
        </p>
      )}

      {view.token ? (
        <div className="token-box">
          <p className="token-label">Token</p>
          <p className="token-value" data-testid="receipt-token">
            {formatToken(view.token)}
          </p>
          <p className="token-meta">
            Meter {view.meterNumber}
            {view.customerName ? ` · ${view.customerName}` : ''}
          </p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => void copy(view.token ?? '', 'Token copied')}
          >
            <Icon path={copyIcon} size={16} /> Copy token
          </button>
        </div>
      ) : (
        receipt.trans_Type === 'electricity' &&
        status === 'pending' && (
          <p className="muted small">The token shows here once the purchase is confirmed.</p>
        )
      )}

      {receipt.pins && receipt.pins.length > 0 ? (
        receipt.trans_Type === 'epin' ? (
          <EpinCards
            receipt={{ ...receipt, pins: receipt.pins }}
            product={view.product}
            onCopy={(text, done) => void copy(text, done)}
          />
        ) : (
          <ExamPins
            pins={receipt.pins}
            product={view.product}
            reference={receipt.trans_Id}
            onCopy={(text, done) => void copy(text, done)}
          />
        )
      ) : (
        (receipt.trans_Type === 'exam' || receipt.trans_Type === 'epin') &&
        status === 'pending' && (
          <p className="muted small">
            {receipt.trans_Type === 'epin' ? 'The cards' : 'The PINs'} show here once the purchase
            is confirmed.
          </p>
        )
      )}

      {note && (
        <p className={`receipt-note note-${status}`} data-testid="receipt-note">
          {note}
        </p>
      )}
      {view.msg && status !== 'success' && <p className="muted small">{view.msg}</p>}
      {canCheckStatus(receipt) && (
        <button
          type="button"
          className="btn btn-secondary btn-sm receipt-check"
          onClick={() => void check()}
          disabled={checked.isFetching}
        >
          <Icon path={historyIcon} size={16} />{' '}
          {checked.isFetching ? 'Checking...' : 'Check status'}
        </button>
      )}

      <dl className="detail-list receipt-rows">
        {receiptRows(view).map((row) => (
          <div className="detail-row" key={row.label}>
            <dt>{row.label}</dt>
            <dd className={row.code ? 'code-value' : undefined}>{row.value}</dd>
          </div>
        ))}
      </dl>

      <div className="receipt-actions">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void copy(receiptText(view))}
        >
          <Icon path={copyIcon} size={16} /> Copy
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void download()}>
          <Icon path={downloadIcon} size={16} /> Download image
        </button>
        <Link className="btn btn-primary receipt-done" to="/profile">
          Done
        </Link>
      </div>
      {again && (
        <p className="receipt-again">
          <Link to={again.to}>{again.label}</Link>
        </p>
      )}
    </section>
  );
};
