import type { TPlanRequest, TPlanSavedResponse } from '@vendo/shared/schemas/catalogue-admin';
import { api } from '@/lib/api';

/** What a plan change refreshes: the plan lists (staff and buyers), the price list, history. */
export const PLAN_CHANGED = ['Plans', 'Prices', 'PlanHistory'] as const;

/** POST /dataPlan/add, or PATCH /dataPlan/update when the plan has an `_id` (admins). */
const savePlanApi = api.injectEndpoints({
  endpoints: (build) => ({
    savePlan: build.mutation<TPlanSavedResponse, TPlanRequest>({
      query: (plan) =>
        plan._id
          ? { url: '/dataPlan/update', method: 'PATCH', data: plan }
          : { url: '/dataPlan/add', method: 'POST', data: plan },
      extraOptions: { loadingText: 'Saving plan...' },
      invalidatesTags: [...PLAN_CHANGED],
    }),
  }),
});

export const { useSavePlanMutation } = savePlanApi;
