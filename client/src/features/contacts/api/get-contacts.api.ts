import type { TContact } from '@/lib/add-contact.api';
import { api } from '@/lib/api';

/** GET /auth/contact: the caller's contacts, most recently used first. */
const getContactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<{ contactList: TContact[] }, undefined>({
      query: () => ({ url: '/auth/contact' }),
      extraOptions: { loadingText: 'Loading contacts...' },
      providesTags: ['Contacts'],
    }),
  }),
});

export const { useGetContactsQuery } = getContactsApi;
