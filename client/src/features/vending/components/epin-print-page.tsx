import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useAppSelector } from '@/app/hooks';
import { downloadIcon } from '@/components/ui/app-icons';
import { Icon } from '@/components/ui/icon';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { errorMessage, isQueryError } from '@/lib/api-error';
import '../vending.css';
import '../epins.css';
import { useGetTransactionQuery } from '../api/get-transaction.api';
import {
  downloadEpinCsv,
  epinCards,
  epinProduct,
  formatCardValue,
  groupPin,
  isMaskedPin,
  readBusinessName,
  readSold,
  storeBusinessName,
  storeSold,
  type TEpinCard,
} from '../lib/epins';

/** 3 columns × 8 rows: what fits on A4 inside 10 mm margins (epins.css). */
export const CARDS_PER_PAGE = 24;

const BUSINESS_NAME_MAX = 40;

/** What one card says, on screen and on paper. */
const CardFace = ({ card, businessName }: { card: TEpinCard; businessName: string }) => (
  <>
    {businessName && <p className="epin-card-business">{businessName}</p>}
    <p className="epin-card-head">
      <span>{card.network}</span>
      {card.value !== null && <strong>{formatCardValue(card.value)}</strong>}
    </p>
    <p className="epin-card-pin">{groupPin(card.pin)}</p>
    {card.serial && <p className="epin-card-serial">Serial {card.serial}</p>}
    {card.dial && (
      <p className="epin-card-dial">
        Dial <strong>{card.dial}</strong>
      </p>
    )}
  </>
);

/** The card shown instead of the sheet (loading failed, nothing to print). */
const SheetMessage = ({
  title,
  text,
  id,
  children,
}: {
  title: string;
  text: string;
  /** The purchase, for a link back to its receipt. */
  id?: string;
  children?: ReactNode;
}) => (
  <section className="card coming-soon" aria-labelledby="epin-sheet-title">
    <h1 id="epin-sheet-title">{title}</h1>
    <p className="muted">{text}</p>
    {children}
    {id ? (
      <Link className="btn btn-primary" to={`/profile/receipt/${encodeURIComponent(id)}`}>
        Back to receipt
      </Link>
    ) : (
      <Link className="btn btn-primary" to="/profile/transactions">
        Back to transactions
      </Link>
    )}
  </section>
);

const chunk = <T,>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, page) =>
    items.slice(page * size, page * size + size),
  );

/**
 * The sheet itself, once the cards are known. The business name (per user) and the sold marks
 * (per purchase) are remembered on this device only: a shop prints and sells from one counter.
 */
const EpinSheet = ({ transaction, cards }: { transaction: TTransaction; cards: TEpinCard[] }) => {
  const user = useAppSelector((state) => state.auth.user);
  const userId = user?._id ?? '';
  const [businessName, setBusinessName] = useState(() =>
    readBusinessName(userId, user?.userName ?? ''),
  );
  const [sold, setSold] = useState(() => readSold(transaction._id));
  const [unsoldOnly, setUnsoldOnly] = useState(false);
  const name = businessName.trim();

  const toPrint = cards.filter((_, index) => !(unsoldOnly && sold.has(index)));
  const pages = chunk(toPrint, CARDS_PER_PAGE);
  const { details = {} } = transaction;

  const changeName = (value: string) => {
    setBusinessName(value);
    if (userId) storeBusinessName(userId, value);
  };

  const toggleSold = (index: number, isSold: boolean) => {
    const next = new Set(sold);
    if (isSold) next.add(index);
    else next.delete(index);
    setSold(next);
    storeSold(transaction._id, next);
  };

  return (
    <div className="epin-sheet">
      <section className="card epin-sheet-tools" aria-labelledby="epin-sheet-title">
        <h1 className="card-title" id="epin-sheet-title">
          Print e-PIN cards
        </h1>
        <p className="muted small epin-sheet-what">
          {epinProduct(transaction.trans_Network, details.cardValue, cards.length)} · Reference{' '}
          <span className="code-value">{transaction.trans_Id}</span>
        </p>
        <TextField
          label="Business name on the cards"
          name="businessName"
          autoComplete="organization"
          maxLength={BUSINESS_NAME_MAX}
          value={businessName}
          onChange={(event) => changeName(event.target.value)}
          hint="Printed at the top of each card. Remembered on this device."
        />
        <label className="check-field">
          <input
            type="checkbox"
            checked={unsoldOnly}
            onChange={(event) => setUnsoldOnly(event.target.checked)}
          />
          <span>Print unsold only</span>
        </label>
        <p className="epin-sheet-count" data-testid="epin-sheet-count" aria-live="polite">
          {toPrint.length} of {cards.length} cards to print ({sold.size} marked sold)
          {pages.length > 1 ? ` · ${pages.length} A4 pages` : ''}
        </p>
        <div className="epin-sheet-actions">
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => window.print()}
            disabled={toPrint.length === 0}
          >
            Print
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => downloadEpinCsv(transaction)}
          >
            <Icon path={downloadIcon} size={16} /> Download CSV
          </button>
          <Link
            className="btn btn-ghost"
            to={`/profile/receipt/${encodeURIComponent(transaction._id)}`}
          >
            Back to receipt
          </Link>
        </div>
      </section>

      {/* On screen: every card, each with its sold mark. */}
      <ol className="epin-cards" aria-label="Cards" data-testid="epin-sheet-cards">
        {cards.map((card, index) => (
          <li
            className="epin-card"
            key={`${card.pin}-${index}`}
            data-sold={sold.has(index)}
            data-testid="epin-card"
          >
            <CardFace card={card} businessName={name} />
            <label className="check-field epin-card-sold">
              <input
                type="checkbox"
                checked={sold.has(index)}
                onChange={(event) => toggleSold(index, event.target.checked)}
              />
              <span>
                Mark as sold <span className="visually-hidden">(card {index + 1})</span>
              </span>
            </label>
          </li>
        ))}
      </ol>

      {/* On paper only (epins.css): A4 pages of 24 cards, without the sold ones if asked. */}
      <div className="epin-print-sheet" data-testid="epin-print-sheet">
        {pages.map((page, number) => (
          <div className="epin-print-page" key={number}>
            {page.map((card, index) => (
              <div
                className="epin-print-card"
                key={`${card.pin}-${index}`}
                data-testid="epin-print-card"
              >
                <CardFace card={card} businessName={name} />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
};

/**
 * /profile/epins/:id/print: an e-PIN purchase's cards laid out to print on A4 (GET
 * /transaction/:id, the owner's receipt with the PINs in full), with a CSV download. Anything
 * else (another kind of purchase, cards not delivered yet, masked PINs) says why there is
 * nothing to print and links back.
 */
export const EpinPrintPage = () => {
  const { id = '' } = useParams();
  const fetched = useGetTransactionQuery(id, { skip: id === '' });
  const transaction = fetched.currentData?.transaction;

  if (!transaction) {
    if (id !== '' && !fetched.isError) {
      return (
        <section className="card page-spinner" role="status" data-testid="epin-sheet-loading">
          <Spinner />
          <p className="muted">Loading cards...</p>
        </section>
      );
    }
    const { error } = fetched;
    // Only "no such purchase" is final; no answer or a server error may pass.
    if (isQueryError(error) && (error.status === null || error.status >= 500)) {
      return (
        <SheetMessage
          title="Cards not available"
          text={errorMessage(error, 'We could not load these cards. Please try again.')}
        >
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => void fetched.refetch()}
          >
            Try again
          </button>
        </SheetMessage>
      );
    }
    return (
      <SheetMessage
        title="Purchase not found"
        text="We could not find this purchase. Your transactions list has all your purchases."
      />
    );
  }

  if (transaction.trans_Type !== 'epin') {
    return (
      <SheetMessage
        title="Not an e-PIN purchase"
        text="Only e-PIN purchases have cards to print."
        id={transaction._id}
      />
    );
  }

  const cards = epinCards(transaction);
  if (cards.length === 0) {
    const status = transaction.trans_Status;
    const waiting = status === 'pending' || status === 'processing';
    return (
      <SheetMessage
        title={waiting ? 'No cards to print yet' : 'No cards to print'}
        text={
          waiting
            ? 'The cards show here once the purchase is confirmed. Its receipt shows the status.'
            : 'This purchase has no cards: it did not go through, and its receipt says what was refunded.'
        }
        id={transaction._id}
      />
    );
  }
  if (cards.some((card) => isMaskedPin(card.pin))) {
    return (
      <SheetMessage
        title="No cards to print"
        text="The PINs of a purchase are shown in full to its owner only."
        id={transaction._id}
      />
    );
  }

  // Keyed: another purchase's sheet starts from its own sold marks.
  return <EpinSheet key={transaction._id} transaction={transaction} cards={cards} />;
};
