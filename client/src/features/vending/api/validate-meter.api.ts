import type { TValidateMeterRequest } from '@vendo/shared/schemas/purchase';
import type { TValidateMeterResponse } from '@vendo/shared/schemas/purchase.responses';
import { api } from '@/lib/api';

/**
 * POST /buy/validateMeter: the meter owner's name (docs/product-rules.md#electricity);
 * 400 'INVALID METER NUMBER'.
 */
const validateMeterApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateMeter: build.mutation<TValidateMeterResponse, TValidateMeterRequest>({
      query: (body) => ({ url: '/buy/validateMeter', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Checking the meter...' },
    }),
  }),
});

export const { useValidateMeterMutation } = validateMeterApi;
