import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/toast';
import type { TPurchaseResponse } from '@vendo/shared/schemas/purchase.responses';
import type { TReceiptView } from '../lib/receipt';

/**
 * After any answer with a receipt: a toast with the server's message, then the receipt screen
 * (its "Done" goes to /profile). The receipt travels in the router state.
 */
export const useShowReceipt = () => {
  const navigate = useNavigate();
  return (
    answer: TPurchaseResponse,
    details: Omit<TReceiptView, 'receipt' | 'balance' | 'msg'>,
  ) => {
    const status = answer.receipt.trans_Status;
    if (status === 'success') toast.success(answer.msg);
    else if (status === 'pending' || status === 'processing') toast.info(answer.msg);
    else toast.error(answer.msg);
    const view: TReceiptView = {
      receipt: answer.receipt,
      balance: answer.balance,
      msg: answer.msg,
      ...details,
    };
    navigate(`/profile/receipt/${answer.receipt._id}`, { state: view });
  };
};
