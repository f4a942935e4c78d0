import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from '@/lib/api';
import { PLAN_CHANGED } from './save-plan.api';

/**
 * DELETE /dataPlan/delete?planId= (our id; admins). A plan nobody bought is erased, one with
 * purchases retired so its receipts keep it; the answer says which.
 */
const deletePlanApi = api.injectEndpoints({
  endpoints: (build) => ({
    deletePlan: build.mutation<TMsgResponse & { retired: boolean }, string>({
      query: (planId) => ({ url: '/dataPlan/delete', method: 'DELETE', params: { planId } }),
      extraOptions: { loadingText: 'Deleting plan...' },
      invalidatesTags: [...PLAN_CHANGED],
    }),
  }),
});

export const { useDeletePlanMutation } = deletePlanApi;
