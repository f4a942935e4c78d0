import type { TPurchaseResponse } from '@vendo/shared/schemas/purchase.responses';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useIdempotencyKey } from '@/lib/use-idempotency-key';
import {
  isUncertainFailure,
  priceChangeOf,
  PURCHASE_FALLBACK_ERROR,
  purchaseAnswerOfError,
  type TPurchaseArg,
} from '../api/purchase-answer';
import type { TPriceChange } from '../components/price-change';
import type { TReceiptView } from '../lib/receipt';
import { useShowReceipt } from './use-show-receipt';

type TDetails = Omit<TReceiptView, 'receipt' | 'balance' | 'msg'>;

/**
 * The confirmation step of the cable and exam purchases, as the data page does it: the dialog
 * opens with a new Idempotency-Key; an answer with a receipt (success, pending, refunded) shows
 * it; a price change keeps the dialog with the new price (a new key); no answer keeps the dialog
 * and the key, so "Buy now" again is the same order. A definite refusal closes the dialog and
 * its message is returned for the form's alert.
 */
export const useConfirmedPurchase = (onDone: () => void) => {
  const [confirming, setConfirming] = useState(false);
  const [retryMessage, setRetryMessage] = useState<string | null>(null);
  const [priceChange, setPriceChange] = useState<TPriceChange | null>(null);
  const idempotency = useIdempotencyKey();
  const showReceipt = useShowReceipt();

  const open = () => {
    setRetryMessage(null);
    setPriceChange(null);
    idempotency.reset(); // a new confirmation is a new purchase
    setConfirming(true);
  };

  const close = () => {
    setConfirming(false);
    setRetryMessage(null);
    setPriceChange(null);
  };

  const send = async <TBody>(
    body: TBody,
    call: (arg: TPurchaseArg<TBody>) => Promise<TPurchaseResponse>,
    details: TDetails,
  ): Promise<string | null> => {
    const finish = (answer: TPurchaseResponse) => {
      idempotency.reset();
      close();
      onDone();
      showReceipt(answer, details);
    };
    setRetryMessage(null);
    try {
      finish(await call({ body, idempotencyKey: idempotency.keyFor(body) }));
      return null;
    } catch (error) {
      const answer = purchaseAnswerOfError(error);
      if (answer) {
        finish(answer);
        return null;
      }
      const changed = priceChangeOf(error);
      if (changed) {
        // Nothing was bought; confirming the new price is a new purchase, with a new key.
        idempotency.reset();
        setPriceChange(changed);
        return null;
      }
      const message = errorMessage(error, PURCHASE_FALLBACK_ERROR);
      toast.error(message);
      if (isUncertainFailure(error)) {
        setRetryMessage(message); // the dialog stays, with the same key
        return null;
      }
      idempotency.reset();
      close();
      return message;
    }
  };

  return { confirming, retryMessage, priceChange, open, close, send };
};
