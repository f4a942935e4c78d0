import type { TNetwork } from '@vendo/shared/constants';
import { detectNetwork } from '@vendo/shared/phone';
import { useState } from 'react';

/**
 * A phone number and its network. Typing a number whose prefix names another network selects
 * it; the user may still pick a different one (a ported number), which is then sent as ported.
 */
export const usePhoneNetwork = (initial: { phone: string; network: TNetwork | '' }) => {
  const [phone, setPhone] = useState(initial.phone);
  const [network, setNetwork] = useState<TNetwork | ''>(
    initial.network || detectNetwork(initial.phone) || 'MTN',
  );
  const detected = detectNetwork(phone);

  /** Returns the network the new number switched to, or null when it stayed. */
  const changePhone = (value: string): TNetwork | null => {
    setPhone(value);
    const next = detectNetwork(value);
    if (!next || next === detected || next === network) return null;
    setNetwork(next);
    return next;
  };

  const reset = () => {
    setPhone('');
    setNetwork('MTN');
  };

  return {
    phone,
    network,
    detected,
    /** The user chose a network other than the one the prefix says. */
    ported: detected !== null && network !== '' && network !== detected,
    changePhone,
    setNetwork,
    reset,
  };
};
