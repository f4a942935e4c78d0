import type { TBillsService, TNetwork, TServiceName } from '@vendo/shared/constants';
import { useGetBillsServiceStatusQuery, useGetServiceStatusQuery } from '../api/service-status.api';

const LABEL: Record<TServiceName, string> = {
  data: 'Data',
  airtime: 'Airtime',
  electricity: 'Electricity',
};

const FRESH = { refetchOnMountOrArgChange: true, refetchOnFocus: true } as const;

/**
 * Why a data, airtime or electricity purchase cannot be made now (the whole service paused, or
 * this network's), or null: shown on arrival, with Buy disabled. Until the answer comes (or if it
 * cannot come) nothing is said; the server refuses a paused purchase anyway.
 */
export const usePausedService = (service: TServiceName, network?: TNetwork | ''): string | null => {
  const { data } = useGetServiceStatusQuery(undefined, FRESH);
  if (!data) return null;
  if (data.services.find((s) => s.name === service)?.isOpen === false) {
    return `${LABEL[service]} purchases are paused at the moment. Please try again later.`;
  }
  if (network && (service === 'data' || service === 'airtime')) {
    const row = data.networks.find((n) => n.network === network);
    if (row && !row[service]) {
      return `${network} ${service} is paused; try another network or come back later.`;
    }
  }
  return null;
};

/** The same for a cable provider, an exam body or a network's e-PINs (its service id). */
export const usePausedBillsService = (serviceId: TBillsService | '' | null): string | null => {
  const { data } = useGetBillsServiceStatusQuery(undefined, FRESH);
  const service = serviceId ? data?.services.find((s) => s.serviceId === serviceId) : undefined;
  return service && !service.isOpen
    ? `${service.name} ${service.kind === 'epin' ? 'are' : 'is'} paused at the moment; try again later.`
    : null;
};
