import type { TContactDeletedResponse } from '@vendo/shared/schemas/contacts.responses';
import { api } from '@/lib/api';

/** DELETE /auth/contact/:id. */
const deleteContactApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteContact: build.mutation<TContactDeletedResponse, string>({
      query: (id) => ({ url: `/auth/contact/${encodeURIComponent(id)}`, method: 'DELETE' }),
      extraOptions: { loadingText: 'Deleting contact...' },
      invalidatesTags: ['Contacts'],
    }),
  }),
});

export const { useDeleteContactMutation } = deleteContactApi;
