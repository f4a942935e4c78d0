import { ZKycRequest } from '@vendo/shared/schemas/wallet';
import { ZUserUpdatedResponse } from '@vendo/shared/schemas/wallet.responses';
import { reply, route } from '../../api/route.ts';
import { updateKyc } from './kyc.service.ts';

/** A user's own NIN or BVN. Signed in. */
export const kycRoutes = [
  route({
    method: 'post',
    path: '/auth/updateKyc',
    tags: ['Account'],
    summary: 'Save your NIN or BVN',
    description:
      'Only the last four digits stay readable; the full number never leaves the server.',
    access: 'user',
    body: ZKycRequest,
    bodyExamples: { nin: { summary: 'A NIN', value: { nin: '12345678901' } } },
    answers: { 200: { description: 'Saved', schema: ZUserUpdatedResponse } },
    handler: async ({ ctx, user, body }) => reply(200, await updateKyc(ctx, user, body)),
  }),
];
