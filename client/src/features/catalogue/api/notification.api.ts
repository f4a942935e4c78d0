import type {
  TNotificationRequest,
  TNotificationResponse,
} from '@vendo/shared/schemas/catalogue-admin';
import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from '@/lib/api';

/** GET and POST /admin/notification: the message every user sees once (admins and agents). */
const notificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotification: build.query<TNotificationResponse, undefined>({
      query: () => ({ url: '/admin/notification' }),
      extraOptions: { silent: true },
      providesTags: ['Notification'],
    }),
    publishNotification: build.mutation<TMsgResponse, TNotificationRequest>({
      query: (body) => ({ url: '/admin/notification', method: 'POST', data: body }),
      extraOptions: { loadingText: 'Publishing...' },
      invalidatesTags: ['Notification'],
    }),
  }),
});

export const { useGetNotificationQuery, usePublishNotificationMutation } = notificationApi;
