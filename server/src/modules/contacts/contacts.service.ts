import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  countContactsByUser,
  deleteContactById,
  deleteContactsUnusedFor,
  findContactByNumber,
  findContactsByUser,
  insertContact,
  markContactUsed,
  updateContactById,
  type ContactRow,
} from './contacts.repository.ts';

export type TContact = {
  _id: string;
  contactName: string;
  contactNumber: string;
  contactNetwork: string;
  createdAt: string;
};

export const CONTACT_TTL_DAYS = 30;
const MAX_CONTACTS = 200;

const toContact = (row: ContactRow): TContact => ({
  _id: row.id,
  contactName: row.contactName,
  contactNumber: row.contactNumber,
  contactNetwork: row.contactNetwork,
  createdAt: row.createdAt.toISOString(),
});

const notFound = () => new AppError('NOT_FOUND', { msg: 'Contact not found' });

/** The caller's contacts, most recently used first. */
export const listContacts = async (db: Db, userId: string): Promise<TContact[]> =>
  (await findContactsByUser(db, userId)).map(toContact);

/** Saves a number under a nickname; the same number saved again updates the existing contact. */
export const addContact = async (
  db: Db,
  userId: string,
  input: { contactName: string; contactNumber: string; contactNetwork: string },
): Promise<TContact> => {
  const existing = await findContactByNumber(db, userId, input.contactNumber);
  if (existing) {
    const row = await updateContactById(db, { id: existing.id }, input);
    return toContact(row!);
  }
  const n = await countContactsByUser(db, userId);
  if (n >= MAX_CONTACTS)
    throw new AppError('VALIDATION_ERROR', { msg: `You can keep up to ${MAX_CONTACTS} contacts` });
  const row = await insertContact(db, userId, input);
  return toContact(row!);
};

/** Edits one of the caller's contacts; someone else's is "not found". */
export const updateContact = async (
  db: Db,
  userId: string,
  id: string,
  input: Partial<{ contactName: string; contactNumber: string; contactNetwork: string }>,
): Promise<TContact> => {
  if (!isUuid(id)) throw notFound();
  const row = await updateContactById(db, { id, userId }, input);
  if (!row) throw notFound();
  return toContact(row);
};

export const deleteContact = async (db: Db, userId: string, id: string): Promise<void> => {
  if (!isUuid(id)) throw notFound();
  if (!(await deleteContactById(db, userId, id))) throw notFound();
};

/**
 * Marks a number as used (a transfer to its owner, its history shortcut; a purchase to it marks
 * it in its debit's statement, purchase-journals.ts), which keeps the caller's contact under it
 * alive for another 30 days (docs/product-rules.md#contacts). Best effort: the act it follows has already happened, so a
 * failure here is logged by the caller's logger, never an error.
 */
export const touchContact = async (
  db: Db,
  userId: string,
  phone: string | null | undefined,
  onError?: (error: unknown) => void,
): Promise<void> => {
  if (!phone) return;
  try {
    await markContactUsed(db, userId, phone);
  } catch (error) {
    onError?.(error);
  }
};

/** The cleanup job: removes contacts unused for 30 days. Returns how many went. */
export const deleteInactiveContacts = (db: Db): Promise<number> =>
  deleteContactsUnusedFor(db, CONTACT_TTL_DAYS);
