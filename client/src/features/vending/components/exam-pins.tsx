import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { Icon } from '@/components/ui/icon';
import { copyIcon } from '@/components/ui/app-icons';

type TExamPinsProps = {
  pins: NonNullable<TTransaction['pins']>;
  /** "2 × WAEC result checker PIN". */
  product: string;
  reference: string;
  onCopy: (text: string, done: string) => void;
};

/**
 * An exam purchase's PINs on its receipt (the owner's own: staff receive them masked), each with
 * Copy, and Print: the print style (vending.css) prints only this box, PINs and serials large.
 */
export const ExamPins = ({ pins, product, reference, onCopy }: TExamPinsProps) => (
  <section className="token-box pin-sheet" aria-labelledby="pins-title" data-testid="exam-pins">
    <h2 className="token-label" id="pins-title">
      {pins.length === 1 ? 'Your PIN' : `Your ${pins.length} PINs`}
    </h2>
    <p className="pin-sheet-product">{product}</p>
    <ol className="pin-list">
      {pins.map(({ pin, serial }, index) => (
        <li className="pin-item" key={`${pin}-${index}`}>
          <div>
            <p className="token-value pin-value" data-testid="exam-pin">
              {pin}
            </p>
            {serial && <p className="pin-serial">Serial {serial}</p>}
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
      ))}
    </ol>
    <p className="pin-sheet-ref">Reference {reference}</p>
    <button
      type="button"
      className="btn btn-primary btn-sm no-print"
      onClick={() => window.print()}
    >
      Print PINs
    </button>
  </section>
);
