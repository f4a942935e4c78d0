import type { TContactRequest } from '@vendo/shared/schemas/contacts';
import { api } from './api';

/** A saved number (spec "Contact"). */
export type TContact = {
  _id: string;
  contactName: string;
  contactNumber: string;
  contactNetwork: string;
  createdAt: string;
};

export type TContactListAnswer = { msg: string; contactList: TContact[] };

/**
 * POST /auth/contact. In lib/ because two features save contacts: the contacts screen and the
 * airtime form's "add to contacts".
 */
const addContactApi = api.injectEndpoints({
  endpoints: (build) => ({
    addContact: build.mutation<TContactListAnswer & { contact: TContact }, TContactRequest>({
      query: (body) => ({ url: '/auth/contact', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Saving contact...' },
      invalidatesTags: ['Contacts'],
    }),
  }),
});

export const { useAddContactMutation } = addContactApi;
