import { formatNairaAmount } from '@vendo/shared/money';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { networkOf } from '@/lib/transaction-fields';
import { cableProduct, examProductName, providerName } from './bills';
import { epinProduct, epinShortfall, formatCardValue } from './epins';

/** What the receipt screen shows: the server's receipt plus what only the purchase knew. */
export type TReceiptView = {
  receipt: TTransaction;
  /** The wallet balance in the answer; after a refund it is back above receipt.balance_After. */
  balance: number;
  /** The server's message about this purchase. */
  msg: string;
  /** "MTN 1GB SME data (30 days)", "₦100.00 MTN airtime" … */
  product: string;
  /** Electricity only. */
  token?: string | null;
  meterNumber?: string;
  /** The meter owner, the cable subscriber or the JAMB candidate, as verified. */
  customerName?: string;
  meterType?: string;
};

export type TReceiptStatus = 'success' | 'pending' | 'refunded' | 'failed';

export const receiptStatus = ({ trans_Status }: TTransaction): TReceiptStatus => {
  if (trans_Status === 'success') return 'success';
  if (trans_Status === 'refunded') return 'refunded';
  if (trans_Status === 'failed') return 'failed';
  return 'pending';
};

export const STATUS_LABELS: Record<TReceiptStatus, string> = {
  success: 'Successful',
  pending: 'Pending',
  refunded: 'Refunded',
  failed: 'Failed',
};

export const formatReceiptDate = (iso: string): string =>
  new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });

/** The 20-digit token in groups of four, as meters are keyed in. */
export const formatToken = (token: string): string =>
  /^\d+$/.test(token) ? (token.match(/.{1,4}/g) ?? [token]).join(' ') : token;

/** One line under the status: what happened to the money. */
export const receiptNote = (view: TReceiptView): string | null => {
  const status = receiptStatus(view.receipt);
  const amount = formatNairaAmount(view.receipt.trans_amount);
  if (status === 'refunded') return `${amount} refunded to your wallet`;
  if (status === 'failed') return 'This purchase failed. You were not charged for it.';
  if (status === 'pending') {
    return 'Your purchase is being processed. Its status will update shortly; you will not be charged twice.';
  }
  return null;
};

type TRow = {
  label: string;
  value: string;
  /** Shown on screen, left out of what is shared. */
  private?: boolean;
  /** A code to read out or key in (reference): monospaced on screen. */
  code?: boolean;
};

/** What a cable or exam purchase was for (its details; the name the purchase verified). */
const billsRows = ({ receipt, customerName }: TReceiptView): TRow[] => {
  const details = receipt.details ?? {};
  const rows: TRow[] = [];
  const add = (label: string, value: string | undefined, code = false) => {
    if (value) rows.push({ label, value, code });
  };
  if (receipt.trans_Type === 'cable') {
    add('Provider', providerName(details.provider ?? receipt.trans_Network));
    add(
      details.provider === 'showmax' ? 'Account phone' : 'Smartcard / IUC',
      details.smartcardNumber,
    );
    add('Customer', customerName ?? details.customerName);
    add('Bouquet', details.bouquet);
    if (details.subscriptionType) {
      add('Subscription', details.subscriptionType === 'renew' ? 'Renewal' : 'Bouquet change');
    }
  } else {
    add('Exam PIN', details.product ? examProductName(details.product) : receipt.trans_Network);
    if (details.quantity !== undefined) add('Quantity', String(details.quantity));
    add('Candidate', customerName ?? details.customerName);
    add('Profile code', details.profileId, true);
  }
  add('Phone number', details.phoneNumber ?? receipt.phone_number ?? undefined);
  return rows;
};

/** What an e-PIN purchase was: network, card value, and how many cards came of those ordered. */
const epinRows = ({ receipt }: TReceiptView): TRow[] => {
  const details = receipt.details ?? {};
  const rows: TRow[] = [{ label: 'Network', value: receipt.trans_Network }];
  if (details.cardValue !== undefined) {
    rows.push({ label: 'Card value', value: formatCardValue(details.cardValue) });
  }
  const shortfall = epinShortfall(receipt);
  if (shortfall) {
    rows.push(
      { label: 'Cards ordered', value: String(shortfall.ordered) },
      { label: 'Cards delivered', value: String(shortfall.delivered) },
    );
    if (shortfall.refund !== null) {
      rows.push({ label: 'Refunded for the rest', value: formatNairaAmount(shortfall.refund) });
    }
  } else if (details.quantity !== undefined) {
    rows.push({ label: 'Cards', value: String(details.quantity) });
  }
  return rows;
};

/**
 * The receipt's detail rows, under the amount and the product. Rows marked private (wallet balances) are shown on screen but left out
 * of what the user shares with a customer.
 */
export const receiptRows = (view: TReceiptView): TRow[] => {
  const { receipt } = view;
  const electricity = receipt.trans_Type === 'electricity';
  const refunded = receiptStatus(receipt) === 'refunded';
  const rows: TRow[] = [];
  if (electricity) {
    rows.push({ label: 'Company', value: networkOf(receipt) });
    if (view.meterNumber) rows.push({ label: 'Meter number', value: view.meterNumber });
    if (view.customerName) rows.push({ label: 'Meter owner', value: view.customerName });
  } else if (receipt.trans_Type === 'cable' || receipt.trans_Type === 'exam') {
    rows.push(...billsRows(view));
  } else if (receipt.trans_Type === 'epin') {
    rows.push(...epinRows(view));
  } else {
    rows.push({ label: 'Network', value: receipt.trans_Network });
    if (receipt.phone_number) rows.push({ label: 'Phone number', value: receipt.phone_number });
  }
  rows.push(
    { label: 'Amount charged', value: formatNairaAmount(receipt.trans_amount) },
    { label: 'Balance before', value: formatNairaAmount(receipt.balance_Before), private: true },
    {
      label: refunded ? 'Balance after refund' : 'Balance after',
      value: formatNairaAmount(refunded ? view.balance : receipt.balance_After),
      private: true,
    },
    { label: 'Reference', value: receipt.trans_Id, code: true },
    { label: 'Date', value: formatReceiptDate(receipt.createdAt) },
  );
  return rows;
};

/** The plain-text receipt that "Copy" puts on the clipboard (no wallet balances). */
export const receiptText = (view: TReceiptView): string => {
  const status = receiptStatus(view.receipt);
  const lines = ['Vendo transaction receipt', `Status: ${STATUS_LABELS[status]}`];
  if (view.token) lines.push(`Token: ${formatToken(view.token)}`);
  view.receipt.pins?.forEach(({ pin, serial }, index) => {
    lines.push(`PIN ${index + 1}: ${pin}${serial ? ` (serial ${serial})` : ''}`);
  });
  lines.push(`Product: ${view.product}`);
  for (const row of receiptRows(view)) {
    if (!row.private) lines.push(`${row.label}: ${row.value}`);
  }
  const note = receiptNote(view);
  if (note && status !== 'success') lines.push(note);
  return lines.join('\n');
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isTransaction = (value: unknown): value is TTransaction =>
  isObject(value) &&
  typeof value._id === 'string' &&
  typeof value.trans_Id === 'string' &&
  typeof value.trans_amount === 'number';

/** The receipt a purchase passed in the router state, if it is the one the URL names. */
export const receiptViewFromState = (
  state: unknown,
  id: string | undefined,
): TReceiptView | null =>
  isObject(state) &&
  isTransaction(state.receipt) &&
  state.receipt._id === id &&
  typeof state.balance === 'number'
    ? (state as TReceiptView)
    : null;

const TYPE_NAMES: Partial<Record<TTransaction['trans_Type'], string>> = {
  data: 'data',
  airtime: 'airtime',
  electricity: 'electricity',
  cable: 'TV subscription',
  exam: 'exam PIN',
  epin: 'e-PINs',
};

/** A validity is shown as its first two words ('30 days'). */
const shortValidity = (validity: string): string =>
  validity.trim().split(/\s+/).slice(0, 2).join(' ');

/**
 * What the receipt calls the product, from the server's details: the same words the purchase
 * screens use ("MTN 1GB SME data (30 days)", "₦500.00 MTN airtime", "Ikeja prepaid electricity").
 */
const productOf = ({ trans_Type, trans_Network, details = {} }: TTransaction): string => {
  const words = (...parts: (string | undefined)[]) => parts.filter(Boolean).join(' ');
  if (trans_Type === 'data' && details.plan) {
    const validity = details.validity ? ` (${shortValidity(details.validity)})` : '';
    return `${words(trans_Network, details.plan, details.planType, 'data')}${validity}`;
  }
  if (trans_Type === 'airtime' && details.faceValue !== undefined) {
    return words(formatNairaAmount(details.faceValue), trans_Network, 'airtime');
  }
  if (trans_Type === 'electricity' && (details.disco || details.meterType)) {
    return words(details.disco ?? trans_Network, details.meterType, 'electricity');
  }
  if (trans_Type === 'cable' && details.bouquet) {
    return cableProduct(details.provider, details.bouquet, details.subscriptionType);
  }
  if (trans_Type === 'exam' && details.product) {
    return `${details.quantity ?? 1} × ${examProductName(details.product)}`;
  }
  if (trans_Type === 'epin' && details.quantity !== undefined) {
    return epinProduct(trans_Network, details.cardValue, details.quantity);
  }
  return words(trans_Network, TYPE_NAMES[trans_Type] ?? trans_Type);
};

/**
 * A receipt rebuilt from a transaction (the recent list, or GET /transaction/:id after a reload):
 * the product, token and meter come from its details. A refund puts back what was taken, so the
 * balance after it is the balance before.
 */
export const receiptViewFromTransaction = (receipt: TTransaction): TReceiptView => {
  const { token, meterNumber, customerName, meterType } = receipt.details ?? {};
  return {
    receipt,
    balance: receipt.trans_Status === 'refunded' ? receipt.balance_Before : receipt.balance_After,
    msg: '',
    product: productOf(receipt),
    ...(token ? { token } : {}),
    ...(meterNumber ? { meterNumber } : {}),
    ...(customerName ? { customerName } : {}),
    ...(meterType ? { meterType } : {}),
  };
};

/** Pending and processing receipts can still change: the screen offers "Check status". */
export const canCheckStatus = ({ trans_Status }: TTransaction): boolean =>
  trans_Status === 'pending' || trans_Status === 'processing';

/**
 * The view after "Check status" answered with `receipt`: its status, balances and details win;
 * what only the purchase knew stays. The purchase's message goes once the status moved on.
 */
export const refreshReceiptView = (view: TReceiptView, receipt: TTransaction): TReceiptView => {
  const fresh = receiptViewFromTransaction(receipt);
  return {
    ...view,
    ...fresh,
    msg: receipt.trans_Status === view.receipt.trans_Status ? view.msg : '',
    product: receipt.details ? fresh.product : view.product,
    token: fresh.token ?? view.token,
    meterNumber: fresh.meterNumber ?? view.meterNumber,
    customerName: fresh.customerName ?? view.customerName,
    meterType: fresh.meterType ?? view.meterType,
  };
};
