import type { TContactRequest } from '@vendo/shared/schemas/contacts';
import type { TContact, TContactListAnswer } from '@/lib/add-contact.api';
import { api } from '@/lib/api';

/** PATCH /auth/contact/:id with the changed fields. */
const updateContactApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateContact: build.mutation<
      TContactListAnswer & { contact: TContact },
      { id: string; changes: Partial<TContactRequest> }
    >({
      query: ({ id, changes }) => ({
        url: `/auth/contact/${encodeURIComponent(id)}`,
        method: 'PATCH',
        data: changes,
      }),
      extraOptions: { loadingText: 'Saving contact...' },
      invalidatesTags: ['Contacts'],
    }),
  }),
});

export const { useUpdateContactMutation } = updateContactApi;
