import { Router } from 'express';
import type { z } from 'zod';
import { koboToNaira } from '@vendo/shared/money';
import { ZTransferRequest } from '@vendo/shared/schemas/wallet';
import type { AppContext } from '../../app-context.ts';
import { validateBody } from '../../middleware/validate.ts';
import { authenticate, currentUser } from '../../middleware/auth.ts';
import { idempotent } from '../../middleware/idempotency.ts';
import { transferFunds, validateRecipient } from './transfer.service.ts';

/** Money moving between users' wallets inside Vendo (no external provider). Authenticated. */
export const transferRoutes = (ctx: AppContext): Router => {
  const router = Router();
  const auth = authenticate(ctx);

  router.get('/auth/validateUser/:userName', auth, async (req, res) => {
    res.json(await validateRecipient(ctx, String(req.params.userName)));
  });

  router.post(
    '/auth/transferFund',
    auth,
    idempotent(ctx),
    validateBody(ZTransferRequest),
    async (req, res) => {
      const body = req.body as z.output<typeof ZTransferRequest>;
      const result = await transferFunds(ctx, currentUser(req), {
        userName: body.userName,
        amountKobo: body.amount,
      });
      res.json({
        msg: result.msg,
        receipt: result.receipt,
        balance: koboToNaira(result.balanceKobo),
      });
    },
  );

  return router;
};
