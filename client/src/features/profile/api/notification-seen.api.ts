import type { TMsgResponse } from '@vendo/shared/schemas/common';
import { api } from '@/lib/api';

/**
 * POST /admin/notification/seen: the user pressed OK on the admins' notification. The server
 * keeps it on the user, so the message does not come back on another device.
 */
const notificationSeenApi = api.injectEndpoints({
  endpoints: (build) => ({
    markNotificationSeen: build.mutation<TMsgResponse, { id: number }>({
      query: (body) => ({ url: '/admin/notification/seen', method: 'POST', data: body }),
      extraOptions: { silent: true },
    }),
  }),
});

export const { useMarkNotificationSeenMutation } = notificationSeenApi;
