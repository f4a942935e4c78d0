import {
  ZNotificationRequest,
  ZNotificationResponse,
  ZNotificationSeenRequest,
} from '@vendo/shared/schemas/catalogue-admin';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import { reply, route } from '../../api/route.ts';
import { ZNotificationPublishedResponse } from '../../openapi/answers.ts';
import {
  acknowledgeNotification,
  notificationFor,
  publishNotification,
} from './notifications.service.ts';

/** /admin/notification: the admins' message to every user, and who has pressed OK on it. */
export const notificationRoutes = [
  route({
    method: 'get',
    path: '/admin/notification',
    tags: ['Account'],
    summary: 'The admins’ message',
    description: 'Shown to each user until they press OK (`seen`).',
    // Any signed-in user: the current message and whether they pressed OK on it.
    access: 'user',
    answers: { 200: { description: 'The message', schema: ZNotificationResponse } },
    handler: async ({ ctx, user }) => reply(200, await notificationFor(ctx, user)),
  }),
  route({
    method: 'post',
    path: '/admin/notification',
    tags: ['Admin'],
    summary: 'Publish a message to every user',
    access: 'agent',
    body: ZNotificationRequest,
    answers: { 200: { description: 'Published', schema: ZNotificationPublishedResponse } },
    handler: async ({ ctx, user, body }) =>
      reply(200, await publishNotification(ctx, user, body.msg)),
  }),
  route({
    method: 'post',
    path: '/admin/notification/seen',
    tags: ['Account'],
    summary: 'Mark the admins’ message as read',
    access: 'user',
    body: ZNotificationSeenRequest,
    answers: { 200: { description: 'Noted', schema: ZMsgResponse } },
    handler: async ({ ctx, user, body }) => {
      await acknowledgeNotification(ctx, user, body.id);
      return reply(200, { msg: 'OK' });
    },
  }),
];
