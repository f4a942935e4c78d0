import type { TValidateMeterRequest } from '@vendo/shared/schemas/purchase';
import { api } from '@/lib/api';

export type TMeterAnswer = { name: string; address?: string | null; msg?: string };

/** POST /buy/validateMeter: the meter owner's name (spec §8); 400 'INVALID METER NUMBER'. */
const validateMeterApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateMeter: build.mutation<TMeterAnswer, TValidateMeterRequest>({
      query: (body) => ({ url: '/buy/validateMeter', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Checking the meter...' },
    }),
  }),
});

export const { useValidateMeterMutation } = validateMeterApi;
