import type { TBankAccountRequest } from '@vendo/shared/schemas/withdraw';
import type { TValidateAccountResponse } from '@vendo/shared/schemas/withdraw.responses';
import { api } from '@/lib/api';

/**
 * POST /withdraw/validate {bankCode, accountNumber} → {name, code, msg} through the payout
 * provider's account lookup; 400 'Enter account number' / 'We could not find that account'.
 */
const validateAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateAccount: build.mutation<TValidateAccountResponse, TBankAccountRequest>({
      query: (body) => ({ url: '/withdraw/validate', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Checking the account...' },
    }),
  }),
});

export const { useValidateAccountMutation } = validateAccountApi;
