import { describe, expect, it } from 'vitest';
import { buildTransaction } from '@/test/factories';
import {
  dialCode,
  epinCards,
  epinCsv,
  epinCsvFileName,
  epinProduct,
  epinShortfall,
  groupPin,
  readBusinessName,
  readSold,
  shortfallText,
  storeBusinessName,
  storeSold,
} from '../lib/epins';
import { receiptViewFromTransaction } from '../lib/receipt';

const receipt = buildTransaction({
  _id: 'tx-epin-2',
  trans_Id: 'VND261127EPIN02',
  trans_Type: 'epin',
  trans_Network: '9MOBILE',
  trans_amount: 1940,
  details: { quantity: 2, cardValue: 1000 },
  pins: [
    { pin: '123456789012345', serial: 'S-1' },
    { pin: '987654321098765', serial: null },
  ],
});

describe('e-PIN helpers', () => {
  it("puts the PIN into the network's dial code", () => {
    expect(dialCode('MTN', '1234567890123456')).toBe('*555*1234567890123456#');
    expect(dialCode('GLO', '123')).toBe('*123*123#');
    expect(dialCode('AIRTEL', '123')).toBe('*126*123#');
    expect(dialCode('9MOBILE', '123')).toBe('*222*123#');
    // Unknown network, or a PIN staff see masked: nothing to dial.
    expect(dialCode('', '123')).toBe('');
    expect(dialCode('MTN', '••••••3456')).toBe('');
  });

  it('groups a PIN in fours for reading', () => {
    expect(groupPin('1234567890123456')).toBe('1234 5678 9012 3456');
    expect(groupPin('12345678901234567')).toBe('1234 5678 9012 3456 7');
    expect(groupPin('AB-12')).toBe('AB-12');
  });

  it('names the purchase as the receipt shows it', () => {
    expect(epinProduct('MTN', 100, 5)).toBe('MTN ₦100 cards × 5');
    expect(epinProduct('GLO', 1000, 1)).toBe('GLO ₦1,000 cards × 1');
    expect(receiptViewFromTransaction(receipt).product).toBe('9MOBILE ₦1,000 cards × 2');
  });

  it('writes a CSV: header, one line per card, quoted where needed, CRLF', () => {
    expect(epinCsv(epinCards(receipt))).toBe(
      [
        'network,value,pin,serial,dial code',
        '9MOBILE,1000,123456789012345,S-1,*222*123456789012345#',
        '9MOBILE,1000,987654321098765,,*222*987654321098765#',
        '',
      ].join('\r\n'),
    );
    expect(epinCsvFileName(receipt.trans_Id)).toBe('epins-VND261127EPIN02.csv');
  });

  it('tells a partial delivery apart from a full one', () => {
    const short = buildTransaction({
      ...receipt,
      details: { quantity: 5, cardValue: 100, delivered: 3, undeliveredRefund: 194 },
    });
    const shortfall = epinShortfall(short);
    expect(shortfall).toEqual({ delivered: 3, ordered: 5, refund: 194 });
    expect(shortfallText(shortfall!)).toBe(
      'Only 3 of 5 cards were delivered; ₦194.00 for the other cards is back in your wallet.',
    );
    expect(epinShortfall(receipt)).toBeNull();
    expect(epinShortfall({ ...short, details: { ...short.details, delivered: 5 } })).toBeNull();
  });

  it('remembers the business name per user and the sold cards per purchase, without PINs', () => {
    expect(readBusinessName('user-1', 'adaeze')).toBe('adaeze');
    storeBusinessName('user-1', 'Ada Phones');
    expect(readBusinessName('user-1', 'adaeze')).toBe('Ada Phones');
    expect(readBusinessName('user-2', 'bola')).toBe('bola');

    expect([...readSold('tx-epin-2')]).toEqual([]);
    storeSold('tx-epin-2', new Set([4, 1]));
    expect(localStorage.getItem('epinSold:tx-epin-2')).toBe('[1,4]');
    expect([...readSold('tx-epin-2')]).toEqual([1, 4]);
    localStorage.setItem('epinSold:tx-epin-2', 'not json');
    expect(readSold('tx-epin-2').size).toBe(0);
    storeSold('tx-epin-2', new Set());
    expect(localStorage.getItem('epinSold:tx-epin-2')).toBeNull();
  });
});
