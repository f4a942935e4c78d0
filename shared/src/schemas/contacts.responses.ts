import { z } from '../zod.ts';
import { ZIsoDateTime, ZMsgResponse } from './common.ts';

/**
 * /auth/contact answers: the caller's own saved numbers. They are kept apart from the request
 * schemas, which the client's forms import at run time: the client imports these as types only, so
 * they add nothing to its bundle.
 */

export const ZContact = z
  .object({
    _id: z.string(),
    contactName: z.string(),
    contactNumber: z.string(),
    contactNetwork: z.string(),
    createdAt: ZIsoDateTime,
  })
  .describe('A saved number');
export type TContact = z.infer<typeof ZContact>;

/** GET /auth/contact: most recently used first. */
export const ZContactListResponse = z.object({ contactList: z.array(ZContact) });
export type TContactListResponse = z.infer<typeof ZContactListResponse>;

/** DELETE /auth/contact/:id: the list after the change. */
export const ZContactDeletedResponse = ZMsgResponse.extend({ contactList: z.array(ZContact) });
export type TContactDeletedResponse = z.infer<typeof ZContactDeletedResponse>;

/** POST /auth/contact (201) and PATCH /auth/contact/:id: the contact and the list after it. */
export const ZContactSavedResponse = ZContactDeletedResponse.extend({ contact: ZContact });
export type TContactSavedResponse = z.infer<typeof ZContactSavedResponse>;
