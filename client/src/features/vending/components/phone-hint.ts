import type { TNetwork } from '@vendo/shared/constants';

/** The hint under a phone field: which network the prefix says, and whether it goes as ported. */
export const phoneHint = (detected: TNetwork | null, network: TNetwork | '', ported: boolean) => {
  if (!detected) return '11 digits, e.g. 08031234567';
  if (ported) return `${detected} prefix: it will be sent as a ported ${network} number.`;
  return `${detected} number`;
};
