import type { TExamVerifyRequest } from '@vendo/shared/schemas/bills';
import type { TExamVerifyResponse } from '@vendo/shared/schemas/bills.responses';
import { api } from '@/lib/api';

/** POST /exam/verify: a JAMB candidate's name and the quote a JAMB PIN is bought with. */
const verifyExamApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyExam: build.mutation<TExamVerifyResponse, TExamVerifyRequest>({
      query: (body) => ({ url: '/exam/verify', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Checking the profile...' },
    }),
  }),
});

export const { useVerifyExamMutation } = verifyExamApi;
