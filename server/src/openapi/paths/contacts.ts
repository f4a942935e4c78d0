import { ZContactRequest, ZContactUpdateRequest } from '@vendo/shared/schemas/contacts';
import {
  ZContactDeletedResponse,
  ZContactListResponse,
  ZContactSavedResponse,
} from '@vendo/shared/schemas/contacts.responses';
import { apiError, type ApiRoute } from '../operation.ts';
import { idParam } from './params.ts';

const tags = ['Contacts'];
const notFound = {
  contact: { summary: 'Not one of yours', value: apiError('NOT_FOUND', 'Contact not found') },
};

/** /auth/contact: the caller's saved numbers. */
export const contactPaths: ApiRoute[] = [
  {
    method: 'get',
    path: '/auth/contact',
    tags,
    summary: 'Saved numbers',
    description: 'Most recently used first; a contact unused for 30 days is removed.',
    access: 'user',
    answers: { 200: { description: 'The list', schema: ZContactListResponse } },
  },
  {
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
  },
  {
    method: 'patch',
    path: '/auth/contact/{id}',
    tags,
    summary: 'Change a saved number',
    access: 'user',
    params: idParam('The contact’s `_id`'),
    body: ZContactUpdateRequest,
    answers: { 200: { description: 'Changed; the list after it', schema: ZContactSavedResponse } },
    errors: { 404: notFound },
  },
  {
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
  },
];
