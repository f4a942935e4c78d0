import { Router } from 'express';
import type { AppContext } from '../app-context.ts';
import { billstackSandboxRoutes } from './billstack/billstack-sandbox.routes.ts';
import { mailboxRoutes } from './mailbox.routes.ts';
import { squadSandboxRoutes } from './squad/squad-sandbox.routes.ts';
import { databaseSandboxBooks } from './vending/sandbox-books.ts';
import { sandboxSupplierRoutes } from './vending/sandbox-supplier.routes.ts';
import { vtpassSandboxRoutes } from './vtpass/vtpass-sandbox.routes.ts';
import { databaseVtpassBooks } from './vtpass/vtpass-sandbox.store.ts';

/**
 * Everything under /sandbox: the mailbox (when mail is not sent over SMTP) and the simulated
 * suppliers and gateways (same wire formats as the real ones). app.ts imports this module only
 * when the sandbox is on, never in production.
 */
export const sandboxRoutes = (ctx: AppContext): Router => {
  const router = Router();
  if (ctx.mailer.kind === 'sandbox') router.use(mailboxRoutes(ctx));
  router.use('/billstack', billstackSandboxRoutes({ secretKey: ctx.config.billstack.secretKey }));
  router.use(
    '/squad',
    squadSandboxRoutes({
      db: ctx.db,
      secretKey: ctx.config.squad.secretKey,
      slowMs: ctx.config.vending.sandboxSlowMs,
    }),
  );
  router.use(
    '/suppliers',
    sandboxSupplierRoutes({
      books: databaseSandboxBooks(ctx.db),
      apiKeys: {
        ALARO: ctx.supplierSettings.ALARO.apiKey,
        GLAD: ctx.supplierSettings.GLAD.apiKey,
      },
      slowMs: ctx.config.vending.sandboxSlowMs,
      airtimeCostBasisPoints: ctx.config.vending.airtimeCostBasisPoints,
    }),
  );
  router.use(
    '/vtpass',
    vtpassSandboxRoutes({ books: databaseVtpassBooks(ctx.db), keys: ctx.config.vtpass }),
  );
  return router;
};
