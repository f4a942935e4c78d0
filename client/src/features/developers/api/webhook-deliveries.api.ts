import type {
  TWebhookDeliveriesResponse,
  TWebhookResendResponse,
} from '@vendo/shared/schemas/webhooks.responses';
import { api } from '@/lib/api';

/**
 * GET /auth/webhookDeliveries?page= (the caller's events, newest first, with every attempt) and
 * POST /auth/webhookEvents/:id/resend (queues one again now).
 */
const webhookDeliveriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWebhookDeliveries: build.query<TWebhookDeliveriesResponse, number>({
      query: (page) => ({ url: '/auth/webhookDeliveries', params: { page } }),
      extraOptions: { silent: true },
      providesTags: ['WebhookDeliveries'],
    }),
    resendWebhookEvent: build.mutation<TWebhookResendResponse, string>({
      query: (id) => ({
        url: `/auth/webhookEvents/${encodeURIComponent(id)}/resend`,
        method: 'POST',
      }),
      extraOptions: { loadingText: 'Queuing the event...' },
      invalidatesTags: ['WebhookDeliveries'],
    }),
  }),
});

export const { useGetWebhookDeliveriesQuery, useResendWebhookEventMutation } = webhookDeliveriesApi;
