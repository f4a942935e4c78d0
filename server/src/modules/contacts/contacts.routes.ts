import { ZContactRequest, ZContactUpdateRequest } from '@vendo/shared/schemas/contacts';
import {
  ZContactDeletedResponse,
  ZContactListResponse,
  ZContactSavedResponse,
} from '@vendo/shared/schemas/contacts.responses';
import { reply, route } from '../../api/route.ts';
import { apiError } from '../../openapi/operation.ts';
import { idParam } from '../../openapi/paths/params.ts';
import { addContact, deleteContact, listContacts, updateContact } from './contacts.service.ts';

const tags = ['Contacts'];
const notFound = {
  contact: { summary: 'Not one of yours', value: apiError('NOT_FOUND', 'Contact not found') },
};

/** /auth/contact: the caller's saved numbers, their own only. */
export const contactRoutes = [
  route({
    method: 'get',
    path: '/auth/contact',
    tags,
    summary: 'Saved numbers',
    description: 'Most recently used first; a contact unused for 30 days is removed.',
    access: 'user',
    answers: { 200: { description: 'The list', schema: ZContactListResponse } },
    handler: async ({ ctx, user }) =>
      reply(200, { contactList: await listContacts(ctx.db, user.id) }),
  }),
  route({
    method: 'post',
    path: '/auth/contact',
    tags,
    summary: 'Save a number',
    access: 'user',
    body: ZContactRequest,
    bodyExamples: {
      mum: {
        summary: 'A contact',
        value: { contactName: 'Mum', contactNumber: '08031234567', contactNetwork: 'MTN' },
      },
    },
    answers: { 201: { description: 'Saved; the list after it', schema: ZContactSavedResponse } },
    handler: async ({ ctx, user, body }) => {
      const contact = await addContact(ctx.db, user.id, body);
      return reply(201, {
        msg: 'Contact saved',
        contact,
        contactList: await listContacts(ctx.db, user.id),
      });
    },
  }),
  route({
    method: 'patch',
    path: '/auth/contact/{id}',
    tags,
    summary: 'Change a saved number',
    access: 'user',
    params: idParam('The contact’s `_id`'),
    body: ZContactUpdateRequest,
    answers: { 200: { description: 'Changed; the list after it', schema: ZContactSavedResponse } },
    errors: { 404: notFound },
    handler: async ({ ctx, user, body, params }) => {
      const contact = await updateContact(ctx.db, user.id, params.id, body);
      return reply(200, {
        msg: 'Contact updated',
        contact,
        contactList: await listContacts(ctx.db, user.id),
      });
    },
  }),
  route({
    method: 'delete',
    path: '/auth/contact/{id}',
    tags,
    summary: 'Delete a saved number',
    access: 'user',
    params: idParam('The contact’s `_id`'),
    answers: {
      200: { description: 'Deleted; the list after it', schema: ZContactDeletedResponse },
    },
    errors: { 404: notFound },
    handler: async ({ ctx, user, params }) => {
      await deleteContact(ctx.db, user.id, params.id);
      return reply(200, {
        msg: 'Contact deleted',
        contactList: await listContacts(ctx.db, user.id),
      });
    },
  }),
];
