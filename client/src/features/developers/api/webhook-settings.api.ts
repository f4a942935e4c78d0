import type { TUpdateWebhookRequest } from '@vendo/shared/schemas/webhooks';
import type {
  TWebhookSettings,
  TWebhookSettingsResponse,
} from '@vendo/shared/schemas/webhooks.responses';
import { api } from '@/lib/api';

/**
 * GET /auth/webhook, POST /auth/updateWebhook and POST /auth/webhookSecret (API users). The
 * secret is in the answer that created it only; afterwards the server gives its last 4
 * characters. The URL is also on the profile, hence 'Profile'.
 */
const webhookSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWebhookSettings: build.query<TWebhookSettings, undefined>({
      query: () => ({ url: '/auth/webhook' }),
      extraOptions: { silent: true },
      providesTags: ['Webhook'],
    }),
    updateWebhook: build.mutation<TWebhookSettingsResponse, TUpdateWebhookRequest>({
      query: (body) => ({ url: '/auth/updateWebhook', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Saving webhook URL...' },
      invalidatesTags: ['Webhook', 'Profile'],
    }),
    rotateWebhookSecret: build.mutation<TWebhookSettingsResponse, undefined>({
      query: () => ({ url: '/auth/webhookSecret', method: 'POST' }),
      extraOptions: { loadingText: 'Creating a new secret...' },
      invalidatesTags: ['Webhook'],
    }),
  }),
});

export const {
  useGetWebhookSettingsQuery,
  useUpdateWebhookMutation,
  useRotateWebhookSecretMutation,
} = webhookSettingsApi;
