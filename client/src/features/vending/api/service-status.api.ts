import type { TBillsServiceStatusResponse } from '@vendo/shared/schemas/bills-admin';
import type { TServiceStatusResponse } from '@vendo/shared/schemas/catalogue';
import { api } from '@/lib/api';

/**
 * Which purchases the back office has paused (GET /services; cable, exam and e-PINs: GET
 * /bills/services), so a buy screen says so on arrival. Asked again on every visit and when the
 * tab comes back into view: a lock applies at once.
 */
const serviceStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getServiceStatus: build.query<TServiceStatusResponse, undefined>({
      query: () => ({ url: '/services' }),
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
      providesTags: ['Services'],
    }),
    getBillsServiceStatus: build.query<TBillsServiceStatusResponse, undefined>({
      query: () => ({ url: '/bills/services' }),
      extraOptions: { silent: true },
      keepUnusedDataFor: 0,
      providesTags: ['Services'],
    }),
  }),
});

export const { useGetServiceStatusQuery, useGetBillsServiceStatusQuery } = serviceStatusApi;
