import { NETWORKS, type TNetwork } from '@vendo/shared/constants';
import type { TSelectOption } from '@/components/ui/select-field';

export const NETWORK_OPTIONS: readonly TSelectOption[] = NETWORKS.map((network) => ({
  value: network,
  label: network,
}));

/** A network name from a query parameter or a select, case-insensitively; '' when none. */
export const toNetwork = (value: string | null | undefined): TNetwork | '' => {
  const upper = (value ?? '').trim().toUpperCase();
  if (upper === 'NMOBILE') return '9MOBILE';
  return (NETWORKS as readonly string[]).includes(upper) ? (upper as TNetwork) : '';
};
