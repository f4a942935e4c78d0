import type { TNetwork } from './constants.ts';

const PREFIXES: Record<TNetwork, readonly string[]> = {
  MTN: [
    '0703',
    '0706',
    '0803',
    '0806',
    '0810',
    '0813',
    '0814',
    '0816',
    '0903',
    '0906',
    '0913',
    '0916',
    '0704',
    '07025',
    '07026',
  ],
  GLO: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  AIRTEL: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0912'],
  '9MOBILE': ['0809', '0817', '0818', '0908', '0909'],
};

/** Normalises +234… / 234… to the 11-digit local form; returns null when it is not one. */
export const normalisePhone = (input: string): string | null => {
  const digits = input.replace(/[\s-]/g, '');
  const local = digits.startsWith('+234')
    ? `0${digits.slice(4)}`
    : digits.startsWith('234') && digits.length === 13
      ? `0${digits.slice(3)}`
      : digits;
  return /^0\d{10}$/.test(local) ? local : null;
};

/** Suggests the network from the number's prefix (5-digit prefixes first); null if unknown. */
export const detectNetwork = (phone: string): TNetwork | null => {
  const local = normalisePhone(phone);
  if (!local) return null;
  for (const length of [5, 4]) {
    const prefix = local.slice(0, length);
    for (const [network, list] of Object.entries(PREFIXES) as [TNetwork, readonly string[]][]) {
      if (list.includes(prefix)) return network;
    }
  }
  return null;
};
