import type { TTransaction } from '@vendo/shared/schemas/transaction';
import type { ReactNode } from 'react';
import { Icon } from '@/components/ui/icon';
import { copyIcon } from '@/components/ui/app-icons';

type TExamPinsProps = {
  pins: NonNullable<TTransaction['pins']>;
  /** "2 × WAEC result checker PIN". */
  product: string;
  reference: string;
  onCopy: (text: string, done: string) => void;
  /** The heading; "Your PIN" or "Your 2 PINs" by default. */
  title?: string;
  /** Recharge cards: what each card is ('MTN ₦100') and its dial code, under its PIN. */
  card?: { label: string; dial: (pin: string) => string };
  /** In place of "Print PINs" (recharge cards have a print sheet of their own). */
  actions?: ReactNode;
  testId?: string;
};

/**
 * An exam or e-PIN purchase's PINs on its receipt (the owner's own: staff receive them masked),
 * each with Copy, and Print: the print style (bills.css) prints only this box, PINs and serials
 * large. Recharge cards also show their network, value and dial code, and bring their own actions.
 */
export const ExamPins = ({
  pins,
  product,
  reference,
  onCopy,
  title,
  card,
  actions,
  testId = 'exam-pins',
}: TExamPinsProps) => (
  <section className="token-box pin-sheet" aria-labelledby="pins-title" data-testid={testId}>
    <h2 className="token-label" id="pins-title">
      {title ?? (pins.length === 1 ? 'Your PIN' : `Your ${pins.length} PINs`)}
    </h2>
    <p className="pin-sheet-product">{product}</p>
    <ol className="pin-list">
      {pins.map(({ pin, serial }, index) => {
        const dial = card?.dial(pin);
        return (
          <li className="pin-item" key={`${pin}-${index}`}>
            <div>
              <p className="token-value pin-value" data-testid="exam-pin">
                {pin}
              </p>
              {serial && <p className="pin-serial">Serial {serial}</p>}
              {card && (
                <p className="pin-card-meta">
                  {card.label}
                  {dial && (
                    <>
                      {' · Dial '}
                      <span className="pin-dial" data-testid="pin-dial">
                        {dial}
                      </span>
                    </>
                  )}
                </p>
              )}
            </div>
            <button
              type="button"
              className="btn btn-secondary btn-sm no-print"
              aria-label={`Copy PIN ${index + 1}`}
              onClick={() => onCopy(pin, 'PIN copied')}
            >
              <Icon path={copyIcon} size={16} /> Copy
            </button>
          </li>
        );
      })}
    </ol>
    <p className="pin-sheet-ref">Reference {reference}</p>
    {actions ? (
      <div className="pin-sheet-actions no-print">{actions}</div>
    ) : (
      <button
        type="button"
        className="btn btn-primary btn-sm no-print"
        onClick={() => window.print()}
      >
        Print PINs
      </button>
    )}
  </section>
);
