import {
  ZChangePasswordRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZRequestPasswordResetRequest,
  ZResetPasswordRequest,
} from '@vendo/shared/schemas/auth';
import {
  ZAuthResponse,
  ZChangePasswordResponse,
  ZProfileResponse,
  ZTokenValidResponse,
} from '@vendo/shared/schemas/auth.responses';
import { ZMsgResponse } from '@vendo/shared/schemas/common';
import { reply, route } from '../../api/route.ts';
import { AppError } from '../../lib/app-error.ts';
import { userFromToken } from '../../middleware/auth.ts';
import { profileExamples } from '../../openapi/examples.ts';
import { apiError } from '../../openapi/operation.ts';
import {
  buildAuthPayload,
  changePassword,
  login,
  register,
  requestPasswordReset,
  resetPassword,
} from './auth.service.ts';
import { logout } from './logout.service.ts';
import { kickMailOutbox } from './reset-mail.ts';

const tags = ['Account'];

/**
 * /auth: sessions, the profile (with the wallet balance) and passwords. The login and reset
 * limits are counted in the service, after the body is validated.
 */
export const authRoutes = [
  route({
    method: 'post',
    path: '/auth/register',
    tags,
    summary: 'Create an account',
    description: 'Opens a smart earner account and answers a session, like a login.',
    access: 'public',
    body: ZRegisterRequest,
    bodyExamples: {
      register: {
        summary: 'A new account',
        value: {
          userName: 'ade_data',
          email: 'ade@example.com',
          phoneNumber: '08031234567',
          password: 'Secret#2026',
          passwordCheck: 'Secret#2026',
        },
      },
    },
    answers: { 201: { description: 'Registered and signed in', schema: ZAuthResponse } },
    errors: {
      409: {
        taken: {
          summary: 'User name, e-mail or phone taken',
          value: apiError('CONFLICT', 'Username already exists'),
        },
      },
    },
    handler: async ({ ctx, body }) => reply(201, await register(ctx, body)),
  }),
  route({
    method: 'post',
    path: '/auth/login',
    tags,
    summary: 'Sign in',
    description:
      'userName may be the user name, the e-mail or the business name. Answers the profile and a session token to send as `x-auth-token`. Limited per user name and per address (10 attempts per user name and address in 15 minutes by default), and per account across all addresses: after 10 failed logins in 15 minutes each further attempt waits a delay (429 with `Retry-After`) that doubles from 30 s to at most 15 minutes; a correct login after it starts over.',
    access: 'public',
    body: ZLoginRequest,
    bodyExamples: {
      login: { summary: 'By user name', value: { userName: 'ade_data', password: 'Secret#2026' } },
    },
    answers: { 200: { description: 'Signed in', schema: ZAuthResponse } },
    errors: {
      401: {
        wrong: {
          summary: 'Wrong name or password (deliberately vague)',
          value: apiError('INVALID_CREDENTIALS', 'Invalid login details'),
        },
      },
      429: true,
    },
    handler: async ({ ctx, body, req }) => reply(200, await login(ctx, body, req.ip ?? 'unknown')),
  }),
  route({
    method: 'post',
    path: '/auth/isTokenValid',
    tags,
    summary: 'Is this x-auth-token still good?',
    description: 'Never 401: answers `{valid: false}` instead, so a client can decide.',
    access: 'public',
    answers: { 200: { description: 'Whether the token is valid', schema: ZTokenValidResponse } },
    handler: async ({ ctx, req }) =>
      reply(200, { valid: Boolean(await userFromToken(ctx, req.get('x-auth-token'))) }),
  }),
  route({
    method: 'post',
    path: '/auth/logout',
    tags,
    summary: 'Sign out',
    description:
      'The session token sent with it stops working at once, on every server. Other sessions of the account stay signed in (a password change ends them all).',
    access: 'user',
    answers: { 200: { description: 'Signed out', schema: ZMsgResponse } },
    handler: async ({ ctx, user, req }) => {
      const session = req.session;
      if (!session) throw new AppError('UNAUTHENTICATED', { msg: 'Please log in' });
      return reply(200, await logout(ctx, user.id, session));
    },
  }),
  route({
    method: 'get',
    path: '/auth',
    apiToken: true,
    tags,
    summary: 'Profile and wallet balance',
    description:
      'The signed-in user (`user.balance` is the wallet balance in naira), the data plans priced for their tier, their recent transactions and the admins’ notification.',
    access: 'user',
    answers: {
      200: { description: 'The profile', schema: ZProfileResponse, examples: profileExamples },
    },
    handler: async ({ ctx, user }) => reply(200, await buildAuthPayload(ctx, user.id)),
  }),
  route({
    method: 'post',
    path: '/auth/changepassword',
    tags,
    summary: 'Change the password',
    description: 'Revokes every earlier session token and answers a new one.',
    access: 'user',
    body: ZChangePasswordRequest,
    answers: { 200: { description: 'Changed; the new token', schema: ZChangePasswordResponse } },
    handler: async ({ ctx, user, body }) => reply(200, await changePassword(ctx, user.id, body)),
  }),
  route({
    method: 'post',
    path: '/auth/requestPasswordReset',
    tags,
    summary: 'E-mail a password reset link',
    description:
      'Answers the same message whether or not the address has an account. The link is single-use and lasts 15 minutes; a new request replaces earlier links. Limited per address and e-mail.',
    access: 'public',
    body: ZRequestPasswordResetRequest,
    answers: { 200: { description: 'Sent if the account exists', schema: ZMsgResponse } },
    errors: { 429: true },
    handler: async ({ ctx, body, req, res }) => {
      const { msg } = await requestPasswordReset(ctx, body.email, req.ip ?? 'unknown');
      // Off the request path, known e-mail or not: the mail goes once the answer is out.
      res.once('finish', () => void kickMailOutbox(ctx));
      return reply(200, { msg });
    },
  }),
  route({
    method: 'post',
    path: '/auth/resetpassword',
    tags,
    summary: 'Set a new password from a reset link',
    access: 'public',
    body: ZResetPasswordRequest,
    answers: { 200: { description: 'Password changed', schema: ZMsgResponse } },
    errors: {
      400: {
        invalid: {
          summary: 'Used, unknown or expired link',
          value: apiError('INVALID_RESET_TOKEN', 'This reset link is invalid or has expired'),
        },
      },
    },
    handler: async ({ ctx, body }) => reply(200, await resetPassword(ctx, body)),
  }),
];
