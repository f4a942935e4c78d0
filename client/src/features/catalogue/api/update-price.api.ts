import type {
  TUpdatePriceRequest,
  TUpdatePriceResponse,
} from '@vendo/shared/schemas/catalogue-admin';
import { api } from '@/lib/api';
import { PLAN_CHANGED } from './save-plan.api';

/**
 * POST /admin/updatePrice (admins and agents). With `preview: true` the server answers the plans
 * that would change and changes nothing, so only the applied update refreshes the lists.
 */
const updatePriceApi = api.injectEndpoints({
  endpoints: (build) => ({
    updatePrice: build.mutation<TUpdatePriceResponse, TUpdatePriceRequest>({
      query: (body) => ({ url: '/admin/updatePrice', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Updating price...' },
      invalidatesTags: (_result, error, body) => (body.preview || error ? [] : [...PLAN_CHANGED]),
    }),
  }),
});

export const { useUpdatePriceMutation } = updatePriceApi;
