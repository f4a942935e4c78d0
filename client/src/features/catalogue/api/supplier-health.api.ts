import type {
  TSupplierHealthForcedResponse,
  TSupplierHealthResponse,
} from '@vendo/shared/schemas/admin.responses';
import type { TSupplierHealthRequest } from '@vendo/shared/schemas/admin';
import { api } from '@/lib/api';

/**
 * GET and POST /admin/supplier/health: each supplier's breaker per product, and an admin's force
 * (admins). A force raises an admin alert, so the alerts are read again too.
 */
const supplierHealthApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSupplierHealth: build.query<TSupplierHealthResponse, undefined>({
      query: () => ({ url: '/admin/supplier/health' }),
      // A failed fetch is silent; the section says it could not load.
      extraOptions: { silent: true },
      providesTags: ['SupplierHealth'],
    }),
    forceSupplierHealth: build.mutation<TSupplierHealthForcedResponse, TSupplierHealthRequest>({
      query: (body) => ({ url: '/admin/supplier/health', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Saving...' },
      invalidatesTags: ['SupplierHealth', 'Alerts'],
    }),
  }),
});

export const { useGetSupplierHealthQuery, useForceSupplierHealthMutation } = supplierHealthApi;
