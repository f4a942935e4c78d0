import { Router } from 'express';
import {
  ZChangePasswordRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZRequestPasswordResetRequest,
  ZResetPasswordRequest,
} from '@vendo/shared/schemas/auth';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { validateBody } from '../../middleware/validate.ts';
import { authenticate, currentUser, userFromToken } from '../../middleware/auth.ts';
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

export const authRoutes = (ctx: AppContext): Router => {
  const router = Router();

  router.post('/register', validateBody(ZRegisterRequest), async (req, res) => {
    res.status(201).json(await register(ctx, req.body));
  });

  router.post('/login', validateBody(ZLoginRequest), async (req, res) => {
    res.json(await login(ctx, req.body, req.ip ?? 'unknown'));
  });

  /** Answers whether the x-auth-token is still good; never 401, so the client can decide. */
  router.post('/isTokenValid', async (req, res) => {
    res.json({ valid: Boolean(await userFromToken(ctx, req.get('x-auth-token'))) });
  });

  /** Signs this session's token out in every process; other sessions stay. */
  router.post('/logout', authenticate(ctx), async (req, res) => {
    const session = req.session;
    if (!session) throw new AppError('UNAUTHENTICATED', { msg: 'Please log in' });
    res.json(await logout(ctx, currentUser(req).id, session));
  });

  router.get('/', authenticate(ctx, { apiTokens: true }), async (req, res) => {
    res.json(await buildAuthPayload(ctx, currentUser(req).id));
  });

  router.post(
    '/changepassword',
    authenticate(ctx),
    validateBody(ZChangePasswordRequest),
    async (req, res) => {
      res.json(await changePassword(ctx, currentUser(req).id, req.body));
    },
  );

  router.post(
    '/requestPasswordReset',
    validateBody(ZRequestPasswordResetRequest),
    async (req, res) => {
      const { msg } = await requestPasswordReset(ctx, req.body.email, req.ip ?? 'unknown');
      // Off the request path, known e-mail or not: the mail goes once the answer is out.
      res.once('finish', () => void kickMailOutbox(ctx));
      res.json({ msg });
    },
  );

  router.post('/resetpassword', validateBody(ZResetPasswordRequest), async (req, res) => {
    res.json(await resetPassword(ctx, req.body));
  });

  return router;
};
