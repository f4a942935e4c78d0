import type { TCableVerifyRequest } from '@vendo/shared/schemas/bills';
import type { TCableVerifyResponse } from '@vendo/shared/schemas/bills.responses';
import { api } from '@/lib/api';

/**
 * POST /cable/verify: the subscriber's name, bouquet, due date and the renewal quote the server
 * holds for 15 minutes (docs/product-rules.md#cable-tv).
 */
const verifyCableApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyCable: build.mutation<TCableVerifyResponse, TCableVerifyRequest>({
      query: (body) => ({ url: '/cable/verify', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Checking the smartcard...' },
    }),
  }),
});

export const { useVerifyCableMutation } = verifyCableApi;
