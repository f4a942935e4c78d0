import { koboToNaira } from '@vendo/shared/money';
import { ZTransferRequest } from '@vendo/shared/schemas/wallet';
import { ZTransferResponse, ZValidateUserResponse } from '@vendo/shared/schemas/wallet.responses';
import { z } from 'zod';
import { reply, route } from '../../api/route.ts';
import { apiError } from '../../openapi/operation.ts';
import { transferFunds, validateRecipient } from './transfer.service.ts';

const tags = ['Wallet'];
const userNotFound = {
  user: { summary: 'No such user', value: apiError('NOT_FOUND', 'User not found') },
};

/** Money moving between users' wallets inside Vendo (no external provider). Signed in. */
export const transferRoutes = [
  route({
    method: 'get',
    path: '/auth/validateUser/{userName}',
    tags,
    summary: 'Whom a transfer goes to',
    description: 'The account’s business name (never its e-mail), to confirm before sending.',
    access: 'user',
    params: z.object({ userName: z.string().describe('The recipient’s user name') }),
    answers: { 200: { description: 'The recipient', schema: ZValidateUserResponse } },
    errors: { 404: userNotFound },
    handler: async ({ ctx, params }) => reply(200, await validateRecipient(ctx, params.userName)),
  }),
  route({
    method: 'post',
    path: '/auth/transferFund',
    tags,
    summary: 'Send money to another Vendo wallet',
    description: 'Admins send from the house account.',
    access: 'user',
    idempotent: true,
    body: ZTransferRequest,
    bodyExamples: {
      transfer: { summary: '₦2,000 to a user', value: { userName: 'bola_shop', amount: 2000 } },
    },
    answers: { 200: { description: 'Sent', schema: ZTransferResponse } },
    errors: { 404: userNotFound },
    handler: async ({ ctx, user, body }) => {
      const result = await transferFunds(ctx, user, {
        userName: body.userName,
        amountKobo: body.amount,
      });
      return reply(200, {
        msg: result.msg,
        receipt: result.receipt,
        balance: koboToNaira(result.balanceKobo),
      });
    },
  }),
];
