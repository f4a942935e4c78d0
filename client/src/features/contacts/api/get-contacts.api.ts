import type { TContactListResponse } from '@vendo/shared/schemas/contacts.responses';
import { api } from '@/lib/api';

/** GET /auth/contact: the caller's contacts, most recently used first. */
const getContactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<TContactListResponse, undefined>({
      query: () => ({ url: '/auth/contact' }),
      extraOptions: { loadingText: 'Loading contacts...' },
      providesTags: ['Contacts'],
    }),
  }),
});

export const { useGetContactsQuery } = getContactsApi;
