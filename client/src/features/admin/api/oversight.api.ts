import type { TAuditQuery, TReconcileSuppliersRequest } from '@vendo/shared/schemas/admin';
import type {
  TAuditResponse,
  TReconciliationRunsResponse,
} from '@vendo/shared/schemas/admin.responses';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from '@/lib/api';

/** The audit log and supplier reconciliation (admins). */
const oversightApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<TAuditResponse, TAuditQuery>({
      query: (params) => ({ url: '/admin/audit', params }),
      extraOptions: { silent: true },
      providesTags: ['Audit'],
    }),
    getReconciliations: build.query<TReconciliationRunsResponse, undefined>({
      query: () => ({ url: '/admin/reconcileSuppliers' }),
      extraOptions: { silent: true },
      providesTags: ['Reconciliation'],
    }),
    reconcileSuppliers: build.mutation<TMsgResponse, TReconcileSuppliersRequest>({
      query: (body) => ({ url: '/admin/reconcileSuppliers', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Starting...' },
      invalidatesTags: ['Reconciliation'],
    }),
  }),
});

export const { useGetAuditQuery, useGetReconciliationsQuery, useReconcileSuppliersMutation } =
  oversightApi;
