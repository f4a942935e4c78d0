import { z } from 'zod';
import { ZSendMailRequest } from '@vendo/shared/schemas/admin';
import {
  ZMailCampaignResponse,
  ZMailRecipientsResponse,
} from '@vendo/shared/schemas/admin.responses';
import { reply, route } from '../../api/route.ts';
import { AppError } from '../../lib/app-error.ts';
import { apiError } from '../../openapi/operation.ts';
import { countEveryRecipient } from './mail-campaigns.repository.ts';
import { mailProgress, sendMail } from './mail-campaigns.service.ts';

const tags = ['Admin'];

/** /admin/sendMail: admins only (docs/product-rules.md#admin-mail). */
export const mailRoutes = [
  route({
    method: 'post',
    path: '/admin/sendMail',
    tags,
    summary: 'Mail one user or everyone',
    description:
      'A `userAccount` mails that user at once; blank mails every user in background batches (watch with GET /admin/sendMail/{id}); a restart resumes without mailing anyone twice.',
    access: 'admin',
    body: ZSendMailRequest,
    answers: { 200: { description: 'Progress', schema: ZMailCampaignResponse } },
    errors: {
      404: {
        user: {
          summary: 'Unknown username',
          value: apiError('NOT_FOUND', 'No user has that username'),
        },
      },
    },
    handler: async ({ ctx, user, body }) => reply(200, await sendMail(ctx, user, body)),
  }),
  route({
    method: 'get',
    path: '/admin/sendMail/recipients',
    tags,
    summary: 'How many users a mail to everyone reaches',
    description: 'What the send page names in its confirmation before a mail to every user.',
    access: 'admin',
    answers: { 200: { description: 'The count', schema: ZMailRecipientsResponse } },
    handler: async ({ ctx }) => reply(200, { recipients: await countEveryRecipient(ctx.db) }),
  }),
  route({
    method: 'get',
    path: '/admin/sendMail/{id}',
    tags,
    summary: 'A mail campaign’s progress',
    access: 'admin',
    // Read as text: an id that is no positive whole number is a 404 like an unknown one, not a 400.
    params: z.object({ id: z.string().describe('The campaign id') }),
    answers: { 200: { description: 'Progress', schema: ZMailCampaignResponse } },
    errors: {
      404: {
        mail: { summary: 'No such mail', value: apiError('NOT_FOUND', 'That mail does not exist') },
      },
    },
    handler: async ({ ctx, params }) => {
      const id = Number(params.id);
      if (!Number.isSafeInteger(id) || id <= 0) {
        throw new AppError('NOT_FOUND', { msg: 'That mail does not exist' });
      }
      return reply(200, await mailProgress(ctx, id));
    },
  }),
];
