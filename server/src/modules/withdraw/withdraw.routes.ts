import { and, eq, or } from 'drizzle-orm';
import { Router } from 'express';
import type { z } from 'zod';
import { WITHDRAWAL_FEE_KOBO } from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import {
  ZBankAccountRequest,
  ZRequeryWithdrawalRequest,
  ZWithdrawRequest,
} from '@vendo/shared/schemas/withdraw';
import type { AppContext } from '../../app-context.ts';
import { transactions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { validateBody } from '../../middleware/validate.ts';
import { authenticate, currentUser, requireRole } from '../../middleware/auth.ts';
import { idempotent } from '../../middleware/idempotency.ts';
import { BANKS } from './bank-codes.ts';
import {
  addBeneficiary,
  listBeneficiaries,
  removeBeneficiary,
  requeryWithdrawal,
  resolveBank,
  validateAccount,
  withdraw,
} from './withdraw.service.ts';

export const withdrawRoutes = (ctx: AppContext): Router => {
  const router = Router();
  const auth = authenticate(ctx);

  router.get('/withdraw/bankCodes', auth, (_req, res) => {
    res.json({ banks: BANKS });
  });

  router.post('/withdraw/validate', auth, validateBody(ZBankAccountRequest), async (req, res) => {
    const body = req.body as z.output<typeof ZBankAccountRequest>;
    const bank = resolveBank(body);
    res.json(
      await validateAccount(ctx, { bankCode: bank.bankCode, accountNumber: body.accountNumber }),
    );
  });

  router.get('/withdraw/beneficiary', auth, async (req, res) => {
    res.json({ beneficiaryList: await listBeneficiaries(ctx, currentUser(req).id) });
  });

  router.post(
    '/withdraw/beneficiary',
    auth,
    validateBody(ZBankAccountRequest),
    async (req, res) => {
      const body = req.body as z.output<typeof ZBankAccountRequest>;
      const bank = resolveBank(body);
      const beneficiaryList = await addBeneficiary(ctx, currentUser(req).id, {
        bankCode: bank.bankCode,
        accountNumber: body.accountNumber,
      });
      res.status(201).json({ msg: 'Beneficiary saved', beneficiaryList });
    },
  );

  router.delete('/withdraw/beneficiary/:id', auth, async (req, res) => {
    const beneficiaryList = await removeBeneficiary(
      ctx,
      currentUser(req).id,
      String(req.params.id),
    );
    res.json({ msg: 'Beneficiary removed', beneficiaryList });
  });

  router.post(
    '/withdraw',
    auth,
    idempotent(ctx),
    validateBody(ZWithdrawRequest),
    async (req, res) => {
      const body = req.body as z.output<typeof ZWithdrawRequest>;
      const bank = resolveBank(body);
      const result = await withdraw(ctx, currentUser(req), {
        bankCode: bank.bankCode,
        accountNumber: body.accountNumber,
        amountKobo: body.amount,
      });
      const base = {
        receipt: result.receipt,
        balance: koboToNaira(result.balanceKobo),
        received: koboToNaira(body.amount - WITHDRAWAL_FEE_KOBO),
      };
      if (result.status === 'success') {
        res.json({ msg: 'Withdrawal successful', ...base });
        return;
      }
      if (result.status === 'refunded') {
        res.status(400).json({
          msg: `Withdrawal failed: ${result.message}. Your wallet has been refunded.`,
          code: 'PAYOUT_FAILED',
          ...base,
        });
        return;
      }
      res
        .status(202)
        .json({ msg: 'Withdrawal is being processed. We will confirm it shortly.', ...base });
    },
  );

  /** Admin: ask the payout provider again about a withdrawal (by our id or its reference). */
  router.post(
    '/admin/reQueryWithdrawal',
    auth,
    requireRole('admin'),
    idempotent(ctx),
    validateBody(ZRequeryWithdrawalRequest),
    async (req, res) => {
      const { transactionId } = req.body as { transactionId: string };
      const [row] = await ctx.db
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.network, 'Withdrawal'),
            eq(transactions.type, 'wallet'),
            isUuid(transactionId)
              ? or(eq(transactions.id, transactionId), eq(transactions.reference, transactionId))
              : eq(transactions.reference, transactionId),
          ),
        );
      if (!row) throw new AppError('NOT_FOUND', { msg: 'Withdrawal not found' });
      if (!['processing', 'pending'].includes(row.status)) {
        res.json({ msg: `Withdrawal is already ${row.status}`, status: row.status });
        return;
      }
      const outcome = await requeryWithdrawal(ctx, row, { actorId: currentUser(req).id });
      const [current] = await ctx.db.select().from(transactions).where(eq(transactions.id, row.id));
      res.json({ msg: outcome.message, status: current!.status });
    },
  );

  return router;
};
