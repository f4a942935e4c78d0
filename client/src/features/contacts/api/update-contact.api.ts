import type { TContactUpdateRequest } from '@vendo/shared/schemas/contacts';
import type { TContactSavedResponse } from '@vendo/shared/schemas/contacts.responses';
import { api } from '@/lib/api';

/** PATCH /auth/contact/:id with the changed fields. */
const updateContactApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateContact: build.mutation<
      TContactSavedResponse,
      { id: string; changes: TContactUpdateRequest }
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
