import type { TContactRequest } from '@vendo/shared/schemas/contacts';
import type { TContactSavedResponse } from '@vendo/shared/schemas/contacts.responses';
import { api } from './api';

/**
 * POST /auth/contact. In lib/ because two features save contacts: the contacts screen and the
 * airtime form's "add to contacts".
 */
const addContactApi = api.injectEndpoints({
  endpoints: (build) => ({
    addContact: build.mutation<TContactSavedResponse, TContactRequest>({
      query: (body) => ({ url: '/auth/contact', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Saving contact...' },
      invalidatesTags: ['Contacts'],
    }),
  }),
});

export const { useAddContactMutation } = addContactApi;
