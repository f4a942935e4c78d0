import type { TAuditQuery, TReconcileSuppliersRequest } from '@vendo/shared/schemas/admin';
import type { TAuditResponse } from '@vendo/shared/schemas/admin.responses';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from '@/lib/api';

export type TReconciliationRun = {
  id: number;
  day: string;
  startedAt: string;
  finishedAt: string | null;
  checked: number;
  mismatches: {
    transactionId: string;
    reference: string;
    supplier: string;
    ours: string;
    theirs: string;
    /**
     * 'refunded_but_delivered' | 'sold_but_failed' | 'unanswered' | 'answer_mismatch' |
     * 'refunded_by_reversal'
     */
    kind: string;
    message: string;
  }[];
  /** Each supplier's float movement against our cost over its delivered purchases (naira). */
  floats: {
    supplier: string;
    delivered: number;
    measured: number;
    movement: number;
    cost: number;
    difference: number;
    differing: string[];
  }[];
};

/** The audit log and supplier reconciliation (admins). */
const oversightApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAudit: build.query<TAuditResponse, TAuditQuery>({
      query: (params) => ({ url: '/admin/audit', params }),
      extraOptions: { silent: true },
      providesTags: ['Audit'],
    }),
    getReconciliations: build.query<{ runs: TReconciliationRun[] }, undefined>({
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
