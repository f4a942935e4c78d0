import { api } from '@/lib/api';

export type TAccountLookup = { bankCode: string; accountNumber: string };
export type TValidatedAccount = { name: string; code?: string; msg?: string };

/**
 * POST /withdraw/validate {bankCode, accountNumber} → {name, code, msg} through the payout
 * provider's account lookup; 400 'Enter account number' / 'We could not find that account'.
 */
const validateAccountApi = api.injectEndpoints({
  endpoints: (build) => ({
    validateAccount: build.mutation<TValidatedAccount, TAccountLookup>({
      query: (body) => ({ url: '/withdraw/validate', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Checking the account...' },
    }),
  }),
});

export const { useValidateAccountMutation } = validateAccountApi;
