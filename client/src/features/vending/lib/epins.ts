import { EPIN_DIAL_CODES, type TNetwork } from '@vendo/shared/constants';
import { formatNairaAmount } from '@vendo/shared/money';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { toNetwork } from './networks';
import { csvField } from '@/lib/csv';
import { saveTextFile } from '@/lib/download.api';
import { readLocal, writeLocal } from '@/lib/local-storage';

/**
 * Recharge-card PINs ("e-PINs"): what the receipt, the CSV and the print sheet say about each
 * card. A PIN is money: it is never written to storage or logs here; what the sheet remembers on
 * the device (sold marks, the business name) holds no PIN.
 */

/** One printable card. */
export type TEpinCard = {
  network: string;
  /** Face value in naira (null on an old receipt without it). */
  value: number | null;
  pin: string;
  serial: string | null;
  /** What the customer dials, the PIN in place ('*555*1234567890123456#'); '' if unknown. */
  dial: string;
};

/** A card's face value as printed: '₦100', '₦1,000' (whole naira, no kobo). */
export const formatCardValue = (value: number): string => `₦${value.toLocaleString('en-NG')}`;

/** "MTN ₦100 cards × 5": the product line of the purchase and its receipt. */
export const epinProduct = (network: string, value: number | undefined, quantity: number) =>
  value === undefined
    ? `${network} e-PINs × ${quantity}`
    : `${network} ${formatCardValue(value)} cards × ${quantity}`;

/** A PIN staff receive masked ('••••••1234'): no dial code, nothing to print. */
export const isMaskedPin = (pin: string): boolean => !/^[0-9A-Za-z-]+$/.test(pin);

/** The network's load code with the PIN in place; '' for an unknown network or a masked PIN. */
export const dialCode = (network: TNetwork | '', pin: string): string =>
  network && !isMaskedPin(pin) ? EPIN_DIAL_CODES[network].replace('PIN', pin) : '';

/** The PIN in groups of four digits, to read off a card and key in without losing the place. */
export const groupPin = (pin: string): string =>
  /^\d+$/.test(pin) ? (pin.match(/.{1,4}/g) ?? [pin]).join(' ') : pin;

/** The cards of an e-PIN receipt, in the order delivered (empty before delivery). */
export const epinCards = (receipt: TTransaction): TEpinCard[] => {
  const network = toNetwork(receipt.trans_Network);
  const value = receipt.details?.cardValue ?? null;
  return (receipt.pins ?? []).map(({ pin, serial }) => ({
    network: network || receipt.trans_Network,
    value,
    pin,
    serial,
    dial: dialCode(network, pin),
  }));
};

export const EPIN_CSV_HEADER = ['network', 'value', 'pin', 'serial', 'dial code'] as const;

/** The cards as CSV, a header line first, CRLF line ends (what spreadsheets expect). */
export const epinCsv = (cards: readonly TEpinCard[]): string =>
  [
    EPIN_CSV_HEADER.join(','),
    ...cards.map((card) =>
      [
        card.network,
        card.value === null ? '' : String(card.value),
        card.pin,
        card.serial ?? '',
        card.dial,
      ]
        .map(csvField)
        .join(','),
    ),
  ].join('\r\n') + '\r\n';

export const epinCsvFileName = (transId: string): string =>
  `epins-${transId.replace(/[^\w-]/g, '')}.csv`;

/** The cards of a receipt as a CSV download (epins-<reference>.csv). */
export const downloadEpinCsv = (receipt: TTransaction): void =>
  saveTextFile(epinCsvFileName(receipt.trans_Id), epinCsv(epinCards(receipt)));

/** Fewer cards delivered than ordered: what came, and what went back to the wallet. */
export type TEpinShortfall = { delivered: number; ordered: number; refund: number | null };

export const epinShortfall = (receipt: TTransaction): TEpinShortfall | null => {
  const { delivered, quantity, undeliveredRefund } = receipt.details ?? {};
  if (receipt.trans_Type !== 'epin' || delivered === undefined || quantity === undefined) {
    return null;
  }
  return delivered < quantity
    ? { delivered, ordered: quantity, refund: undeliveredRefund ?? null }
    : null;
};

/** "Only 3 of 5 cards were delivered; ₦194.00 for the other cards is back in your wallet." */
export const shortfallText = ({ delivered, ordered, refund }: TEpinShortfall): string =>
  refund === null
    ? `Only ${delivered} of ${ordered} cards were delivered; the other cards are refunded to your wallet.`
    : `Only ${delivered} of ${ordered} cards were delivered; ${formatNairaAmount(refund)} for the other cards is back in your wallet.`;

// ---------- Remembered on this device ----------

/** Per user: two people sharing a device each keep their shop's name. */
const businessNameKey = (userId: string) => `epinBusinessName:${userId}`;
/** Per purchase: the positions of the cards marked sold (never the PINs). */
const soldKey = (transactionId: string) => `epinSold:${transactionId}`;

/** The name printed on the cards: the one typed last on this device, else `fallback`. */
export const readBusinessName = (userId: string, fallback: string): string =>
  readLocal(businessNameKey(userId)) ?? fallback;

export const storeBusinessName = (userId: string, name: string): void =>
  writeLocal(businessNameKey(userId), name);

/** The cards marked sold, by position in the receipt's `pins`. */
export const readSold = (transactionId: string): ReadonlySet<number> => {
  try {
    const parsed: unknown = JSON.parse(readLocal(soldKey(transactionId)) ?? '[]');
    return new Set(
      Array.isArray(parsed)
        ? parsed.filter((n): n is number => Number.isInteger(n) && (n as number) >= 0)
        : [],
    );
  } catch {
    return new Set();
  }
};

export const storeSold = (transactionId: string, sold: ReadonlySet<number>): void =>
  writeLocal(
    soldKey(transactionId),
    sold.size ? JSON.stringify([...sold].sort((a, b) => a - b)) : null,
  );
