import type { TContactListAnswer } from '@/lib/add-contact.api';
import { api } from '@/lib/api';

/** DELETE /auth/contact/:id. */
const deleteContactApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteContact: build.mutation<TContactListAnswer, string>({
      query: (id) => ({ url: `/auth/contact/${encodeURIComponent(id)}`, method: 'DELETE' }),
      extraOptions: { loadingText: 'Deleting contact...' },
      invalidatesTags: ['Contacts'],
    }),
  }),
});

export const { useDeleteContactMutation } = deleteContactApi;
