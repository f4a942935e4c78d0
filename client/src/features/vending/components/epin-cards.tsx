import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { Link } from 'react-router-dom';
import { downloadIcon } from '@/components/ui/app-icons';
import { Icon } from '@/components/ui/icon';
import { dialCode, downloadEpinCsv, formatCardValue } from '../lib/epins';
import { toNetwork } from '../lib/networks';
import { ExamPins } from './exam-pins';

type TEpinCardsProps = {
  /** An e-PIN receipt with its PINs. */
  receipt: TTransaction & { pins: NonNullable<TTransaction['pins']> };
  product: string;
  onCopy: (text: string, done: string) => void;
};

/**
 * The recharge cards on an e-PIN receipt: the exam PIN list, each card with its network, value
 * and the code to dial, and the way to the print sheet and the CSV instead of "Print PINs".
 */
export const EpinCards = ({ receipt, product, onCopy }: TEpinCardsProps) => {
  const network = toNetwork(receipt.trans_Network);
  const value = receipt.details?.cardValue;
  const count = receipt.pins.length;
  return (
    <ExamPins
      pins={receipt.pins}
      product={product}
      reference={receipt.trans_Id}
      onCopy={onCopy}
      testId="epin-cards"
      title={count === 1 ? 'Your card' : `Your ${count} cards`}
      card={{
        label: [receipt.trans_Network, value === undefined ? '' : formatCardValue(value)]
          .filter(Boolean)
          .join(' '),
        dial: (pin) => dialCode(network, pin),
      }}
      actions={
        <>
          <Link
            className="btn btn-primary btn-sm"
            to={`/profile/epins/${encodeURIComponent(receipt._id)}/print`}
          >
            Print cards
          </Link>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => downloadEpinCsv(receipt)}
          >
            <Icon path={downloadIcon} size={16} /> Download CSV
          </button>
        </>
      }
    />
  );
};
