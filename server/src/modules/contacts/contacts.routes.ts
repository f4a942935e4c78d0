import { Router } from 'express';
import { ZContactRequest, ZContactUpdateRequest } from '@vendo/shared/schemas/contacts';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { validateBody } from '../../middleware/validate.ts';
import { authenticate, currentUser } from '../../middleware/auth.ts';
import { addContact, deleteContact, listContacts, updateContact } from './contacts.service.ts';

/** /auth/contact: the caller's own contacts only. */
export const contactRoutes = (ctx: AppContext): Router => {
  const router = Router();
  router.use(authenticate(ctx));

  router.get('/', async (req, res) => {
    res.json({ contactList: await listContacts(ctx.db, currentUser(req).id) });
  });

  router.post('/', validateBody(ZContactRequest), async (req, res) => {
    const userId = currentUser(req).id;
    const contact = await addContact(ctx.db, userId, req.body as z.output<typeof ZContactRequest>);
    res
      .status(201)
      .json({ msg: 'Contact saved', contact, contactList: await listContacts(ctx.db, userId) });
  });

  router.patch('/:id', validateBody(ZContactUpdateRequest), async (req, res) => {
    const userId = currentUser(req).id;
    const contact = await updateContact(
      ctx.db,
      userId,
      String(req.params.id),
      req.body as z.output<typeof ZContactUpdateRequest>,
    );
    res.json({ msg: 'Contact updated', contact, contactList: await listContacts(ctx.db, userId) });
  });

  router.delete('/:id', async (req, res) => {
    const userId = currentUser(req).id;
    await deleteContact(ctx.db, userId, String(req.params.id));
    res.json({ msg: 'Contact deleted', contactList: await listContacts(ctx.db, userId) });
  });

  return router;
};
