import type { TUssdCodesUpdatedResponse } from '@vendo/shared/schemas/admin.responses';
import type { TUssdCodeRequest } from '@vendo/shared/schemas/admin';
import type { TUssdCodesResponse } from '@vendo/shared/schemas/catalogue';
import { api } from '@/lib/api';

/** GET /ussd (the codes buyers see) and POST /admin/ussd: add a code, or change one by id. */
const ussdCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUssdCodeList: build.query<TUssdCodesResponse, undefined>({
      query: () => ({ url: '/ussd' }),
      extraOptions: { silent: true },
      providesTags: ['UssdCodes'],
    }),
    saveUssdCode: build.mutation<TUssdCodesUpdatedResponse, TUssdCodeRequest>({
      query: (body) => ({ url: '/admin/ussd', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Saving USSD code...' },
      invalidatesTags: ['UssdCodes'],
    }),
  }),
});

export const { useGetUssdCodeListQuery, useSaveUssdCodeMutation } = ussdCodesApi;
