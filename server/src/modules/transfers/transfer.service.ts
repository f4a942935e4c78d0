import { touchContact } from '../contacts/contacts.service.ts';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { newReference } from '../../lib/ids.ts';
import { transferBetweenWallets } from '../ledger/journals.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { getWalletBalanceKobo } from '../ledger/ledger.service.ts';
import { toPublicTransaction } from '../transactions/transactions.mapper.ts';
import { recordWalletLine } from '../transactions/transactions.repository.ts';
import { findUserByUserName, type UserRow } from '../users/users.repository.ts';
import { inTransaction } from '../../db/retry.ts';

/** The name shown before a transfer: the business (full) name, else the user name; never the e-mail. */
export const validateRecipient = async (ctx: AppContext, userName: string) => {
  const user = await findUserByUserName(ctx.db, userName);
  if (!user) throw new AppError('NOT_FOUND', { msg: 'User not found' });
  return { name: user.fullName || user.userName, userName: user.userName, msg: 'User found' };
};

/**
 * Moves money between two users' wallets in one journal. Admins send from the house account and
 * are not limited by their own balance (each such transfer is audited); everyone else is
 * ('Insufficient balance').
 */
export const transferFunds = async (
  ctx: AppContext,
  sender: UserRow,
  input: { userName: string; amountKobo: number },
) => {
  const recipient = await findUserByUserName(ctx.db, input.userName);
  if (!recipient) throw new AppError('NOT_FOUND', { msg: 'User not found' });
  if (recipient.id === sender.id)
    throw new AppError('VALIDATION_ERROR', { msg: 'You cannot transfer to yourself' });
  const reference = newReference('TRF');
  const answer = await inTransaction(ctx.db, async (tx) => {
    const moved = await transferBetweenWallets(tx, {
      reference,
      from: { userId: sender.id, isAdmin: sender.isAdmin },
      toUserId: recipient.id,
      amountKobo: input.amountKobo,
      memo: `${sender.userName} → ${recipient.userName}`,
    });
    const incoming = await recordWalletLine(tx, {
      userId: recipient.id,
      reference: `${reference}-IN`,
      type: 'transfer',
      network: `from ${sender.userName}`,
      amountKobo: input.amountKobo,
      direction: 'credit',
      balanceAfterKobo: moved.recipientBalanceKobo,
    });
    if (moved.senderBalanceKobo === null) {
      // An admin gave house money: a staff act, audited with the transfer.
      await recordAudit(tx, {
        actorId: sender.id,
        action: 'wallet.admin_transfer',
        targetType: 'user',
        targetId: recipient.id,
        before: { balanceKobo: moved.recipientBalanceKobo - input.amountKobo },
        after: {
          balanceKobo: moved.recipientBalanceKobo,
          amountKobo: input.amountKobo,
          transactionId: incoming.id,
        },
      });
      return {
        msg: 'Transfer successful',
        receipt: toPublicTransaction(
          { ...incoming, userName: recipient.userName },
          { withProfit: true },
        ),
        balanceKobo: await getWalletBalanceKobo(tx, sender.id),
      };
    }
    const outgoing = await recordWalletLine(tx, {
      userId: sender.id,
      reference,
      type: 'transfer',
      network: `to ${recipient.userName}`,
      amountKobo: input.amountKobo,
      direction: 'debit',
      balanceAfterKobo: moved.senderBalanceKobo,
    });
    return {
      msg: 'Transfer successful',
      receipt: toPublicTransaction(
        { ...outgoing, userName: sender.userName },
        { withProfit: false },
      ),
      balanceKobo: outgoing.balanceAfterKobo,
    };
  });
  // A transfer to someone saved as a contact (by their phone) keeps that contact alive.
  await touchContact(ctx.db, sender.id, recipient.phoneNumber, (error) =>
    ctx.logger.warn('contact not marked used', { reference, error: String(error) }),
  );
  return answer;
};
