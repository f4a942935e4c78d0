/**
 * NIBSS/NIP bank codes (6 digits) for the bank list, shipped as data. The payout
 * provider's own list can replace it when reachable; these are the banks most customers use.
 */
export const BANKS: readonly { bankName: string; bankCode: string }[] = [
  { bankName: 'Access Bank', bankCode: '000014' },
  { bankName: 'Citibank Nigeria', bankCode: '000009' },
  { bankName: 'Ecobank Nigeria', bankCode: '000010' },
  { bankName: 'Fidelity Bank', bankCode: '000007' },
  { bankName: 'First Bank of Nigeria', bankCode: '000016' },
  { bankName: 'First City Monument Bank', bankCode: '000003' },
  { bankName: 'Globus Bank', bankCode: '000027' },
  { bankName: 'Guaranty Trust Bank', bankCode: '000013' },
  { bankName: 'Heritage Bank', bankCode: '000020' },
  { bankName: 'Jaiz Bank', bankCode: '000006' },
  { bankName: 'Keystone Bank', bankCode: '000002' },
  { bankName: 'Kuda Microfinance Bank', bankCode: '090267' },
  { bankName: 'Moniepoint Microfinance Bank', bankCode: '090405' },
  { bankName: 'OPay', bankCode: '100004' },
  { bankName: 'PalmPay', bankCode: '100033' },
  { bankName: 'Polaris Bank', bankCode: '000008' },
  { bankName: 'Providus Bank', bankCode: '000023' },
  { bankName: 'Stanbic IBTC Bank', bankCode: '000012' },
  { bankName: 'Standard Chartered Bank', bankCode: '000021' },
  { bankName: 'Sterling Bank', bankCode: '000001' },
  { bankName: 'Titan Trust Bank', bankCode: '000025' },
  { bankName: 'Union Bank of Nigeria', bankCode: '000018' },
  { bankName: 'United Bank for Africa', bankCode: '000004' },
  { bankName: 'Unity Bank', bankCode: '000011' },
  { bankName: 'VFD Microfinance Bank', bankCode: '090110' },
  { bankName: 'Wema Bank', bankCode: '000017' },
  { bankName: 'Zenith Bank', bankCode: '000015' },
  { bankName: '9 Payment Service Bank (9PSB)', bankCode: '120001' },
];

export const bankByCode = (code: string) => BANKS.find((b) => b.bankCode === code);
export const bankByName = (name: string) =>
  BANKS.find((b) => b.bankName.toLowerCase() === name.trim().toLowerCase());
