import type { TPlanHistoryResponse } from '@vendo/shared/schemas/catalogue-admin';
import { api } from '@/lib/api';

/** GET /dataPlan/history/:id: every price, cost and availability change, with who and when. */
const getPlanHistoryApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlanHistory: build.query<TPlanHistoryResponse, string>({
      query: (id) => ({ url: `/dataPlan/history/${encodeURIComponent(id)}` }),
      extraOptions: { silent: true },
      providesTags: ['PlanHistory'],
    }),
  }),
});

export const { useGetPlanHistoryQuery } = getPlanHistoryApi;
