import type { DbOrTx } from '../db/client.ts';
import { sandboxMails } from '../db/schema/index.ts';

/** Keeps a mail in the sandbox mailbox (listed at /sandbox/mail). */
export const insertSandboxMail = async (
  db: DbOrTx,
  mail: { to: string; subject: string; text: string; html: string | null },
): Promise<void> => {
  await db.insert(sandboxMails).values(mail);
};
