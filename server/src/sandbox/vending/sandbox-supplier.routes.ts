import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SUPPLIERS, type TSupplier } from '@vendo/shared/constants';
import { basisPointsOfKobo, koboToNaira } from '@vendo/shared/money';
import express, {
  Router,
  type ErrorRequestHandler,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import type { z } from 'zod';
import { SANDBOX_SUPPLIERS_PATH } from '../../providers/vending/registry.ts';
import type { SandboxBooks } from './sandbox-books.ts';
import {
  simulateMeterValidation,
  simulateOrder,
  simulateRequery,
  type SandboxReply,
} from './sandbox-simulator.ts';
import type { SandboxOrderKind } from './sandbox-store.ts';
import {
  fieldErrors,
  ZSandboxBillPayment,
  ZSandboxDataOrder,
  ZSandboxFloatTopUp,
  ZSandboxMeterQuery,
  ZSandboxTopupOrder,
} from './sandbox-supplier.schemas.ts';

/** What a sandbox supplier in an outage answers every order (HTTP 400: refused, not taken). */
export const OUTAGE_MESSAGE = 'Service currently unavailable. Please try again later.';

/**
 * The sandbox suppliers ALARO and GLAD (README, "Sandbox suppliers"): the same Husmodata-style
 * wire format as the real ones, served by the app under /sandbox/suppliers/{alaro,glad}, so the
 * adapter talks to them over real HTTP exactly as it talks to a real supplier. Triggers are in
 * sandbox-simulator.ts and the README; request bodies in sandbox-supplier.schemas.ts.
 */

export type SandboxSupplierOptions = {
  /** Where the suppliers keep their price lists, orders and floats (sandbox-books.ts). */
  books: SandboxBooks;
  /** The key each sandbox supplier accepts in `Authorization: Token <key>`. */
  apiKeys: Record<TSupplier, string>;
  /** How long the 3333 trigger holds its answer; set it above the adapter timeout. */
  slowMs: number;
  /**
   * What airtime costs us at the supplier, in basis points of its face value (the app passes
   * AIRTIME_COST_BP, so the sandbox's float moves by what the ledger books as cost); face value
   * when unset.
   */
  airtimeCostBasisPoints?: number;
};

/** The largest order body a sandbox supplier reads. */
const BODY_LIMIT = '20kb';

const send = async (req: Request, res: Response, reply: SandboxReply) => {
  if (reply.delayMs) await sleep(reply.delayMs);
  // The buyer may have given up waiting (the 3333 trigger): the order stands either way.
  if (req.socket.destroyed) return;
  if ('html' in reply) res.status(reply.status).type('html').send(reply.html);
  else res.status(reply.status).json(reply.json);
};

/**
 * The body parsed by `schema`, or undefined after answering DRF's 400 with the field errors. A
 * body that is not a JSON object (none, a form, an array) has none of the fields.
 */
const parseBody = <T extends z.ZodType>(
  schema: T,
  req: Request,
  res: Response,
): z.output<T> | undefined => {
  const body: unknown = req.body;
  const fields = body !== null && typeof body === 'object' && !Array.isArray(body) ? body : {};
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  res.status(400).json(fieldErrors(parsed.error));
  return undefined;
};

/** DRF TokenAuthentication: `Authorization: Token <key>`, else 401. */
const tokenAuth = (key: string): RequestHandler => {
  const expected = Buffer.from(key);
  return (req, res, next) => {
    const token = /^token\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    const given = token ? Buffer.from(token[1]!) : null;
    // Constant time over the key's bytes; only its length can show.
    if (given && given.length === expected.length && timingSafeEqual(given, expected)) {
      next();
      return;
    }
    res.status(401).json({
      detail: token ? 'Invalid token.' : 'Authentication credentials were not provided.',
    });
  };
};

/** What DRF answers when the body cannot be read; other errors go on to the app's handler. */
const bodyErrors: ErrorRequestHandler = (error, req, res, next) => {
  const type = (error as { type?: unknown }).type;
  if (type === 'entity.too.large') {
    res.status(413).json({ detail: 'Request body too large.' });
  } else if (type === 'entity.parse.failed') {
    res.status(400).json({ detail: 'JSON parse error.' });
  } else if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
    res
      .status(415)
      .json({ detail: `Unsupported media type "${req.get('content-type') ?? ''}" in request.` });
  } else if (error instanceof URIError) {
    // A path parameter that is not valid percent-encoding names no order.
    res.status(404).json({ detail: 'Not found.' });
  } else {
    next(error);
  }
};

/** One sandbox supplier's API, relative to /sandbox/suppliers/{alaro|glad}. */
const supplierRouter = (
  { books, apiKeys, slowMs, airtimeCostBasisPoints = 10_000 }: SandboxSupplierOptions,
  supplier: TSupplier,
) => {
  // Paths are case-insensitive and a trailing slash is optional (Express's defaults).
  const router = Router();
  router.use(tokenAuth(apiKeys[supplier]));
  // JSON only (application/json and application/*+json); any other body is not read.
  router.use(express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] }));

  // An outage (POST /admin/sandbox/suppliers/{name}/outage): every order is refused before it is
  // taken, as a supplier answers when a service is down. Re-queries still answer.
  router.post(['/api/data', '/api/topup', '/api/v2/billpayment'], async (_req, res, next) => {
    if (!(await books.outage(supplier))) {
      next();
      return;
    }
    res.status(400).json({ error: [OUTAGE_MESSAGE] });
  });

  router.post('/api/data', async (req, res) => {
    const order = parseBody(ZSandboxDataOrder, req, res);
    if (!order) return;
    const plan = await books.findPlan(supplier, order.plan);
    if (!plan) {
      res.status(400).json({ error: [`Invalid plan id ${order.plan}.`] });
      return;
    }
    const reply = await simulateOrder(books, {
      supplier,
      kind: 'data',
      requestId: order.request_id,
      request: {
        network: order.network,
        mobile_number: order.mobile_number,
        plan: order.plan,
        plan_name: plan.name,
        Ported_number: order.Ported_number,
      },
      amountKobo: plan.costKobo,
      slowMs,
    });
    await send(req, res, reply);
  });

  router.post('/api/topup', async (req, res) => {
    const order = parseBody(ZSandboxTopupOrder, req, res);
    if (!order) return;
    const reply = await simulateOrder(books, {
      supplier,
      kind: 'airtime',
      requestId: order.request_id,
      request: {
        network: order.network,
        mobile_number: order.mobile_number,
        amount: koboToNaira(order.amount),
        airtime_type: order.airtime_type ?? 'VTU',
        Ported_number: order.Ported_number,
      },
      amountKobo: basisPointsOfKobo(order.amount, airtimeCostBasisPoints),
      slowMs,
    });
    await send(req, res, reply);
  });

  router.get('/api/v2/validatemeter', (req, res) => {
    const query = ZSandboxMeterQuery.safeParse(req.query);
    if (!query.success) {
      res.status(400).json({
        detail: 'disco_id, meter_type (prepaid or postpaid) and meter_number are required.',
      });
      return;
    }
    res.json(
      simulateMeterValidation({
        meterNumber: query.data.meter_number,
        discoName: query.data.disco_id.name,
      }),
    );
  });

  router.post('/api/v2/billpayment', async (req, res) => {
    const order = parseBody(ZSandboxBillPayment, req, res);
    if (!order) return;
    const reply = await simulateOrder(books, {
      supplier,
      kind: 'electricity',
      requestId: order.request_id,
      request: {
        disco_id: order.disco_id.id,
        amount: koboToNaira(order.amount),
        meter_number: order.meter_number,
        meter_type: order.meter_type,
        Customer_Phone: order.Customer_Phone,
        customer_name: order.customer_name,
      },
      amountKobo: order.amount,
      slowMs,
    });
    await send(req, res, reply);
  });

  // Re-query by the supplier's id or by the request_id the buyer sent.
  const requery = (kind: SandboxOrderKind): RequestHandler<{ key: string }> => {
    return async (req, res) => {
      await send(req, res, await simulateRequery(books, { supplier, kind, key: req.params.key }));
    };
  };
  router.get('/api/data/:key', requery('data'));
  router.get('/api/topup/:key', requery('airtime'));
  router.get('/api/billpayment/:key', requery('electricity'));

  router.get('/api/user', async (_req, res) => {
    res.json({
      id: 1,
      username: `vendo-${supplier.toLowerCase()}`,
      email: `vendo@${supplier.toLowerCase()}.sandbox`,
      wallet_balance: koboToNaira(await books.floatKobo(supplier)),
    });
  });

  // The supplier's "fund wallet" page. Its key is enough here (fake money); the app's admin
  // screen tops the app's sandbox float up behind admin auth instead (topUpSandboxFloat).
  router.post('/float/topup', async (req, res) => {
    const topUp = parseBody(ZSandboxFloatTopUp, req, res);
    if (!topUp) return;
    res.json({ wallet_balance: koboToNaira(await books.topUpFloat(supplier, topUp.amount)) });
  });

  // Anything else under a supplier (another method, an unknown path) is DRF's 404.
  router.use((_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  router.use(bodyErrors);
  return router;
};

/**
 * The sandbox suppliers, to mount at /sandbox/suppliers (never in production): paths are
 * `/{alaro|glad}/…` relative to the mount point. A path that names no sandbox supplier is passed
 * on to the app.
 */
export const sandboxSupplierRoutes = (options: SandboxSupplierOptions): Router => {
  const router = Router();
  for (const supplier of SUPPLIERS) {
    router.use(`/${supplier.toLowerCase()}`, supplierRouter(options, supplier));
  }
  return router;
};

/**
 * The sandbox suppliers served alone, as a supplier's own servers would be (the benchmark's
 * supplier process): the same paths as under the app, `SANDBOX_SUPPLIERS_PATH/{alaro|glad}/…`,
 * DRF's 404 for another supplier's name there, and a bare 404 for anything else. An Express app: `.listen()` it or hand it to
 * `http.createServer`.
 */
export const standaloneSandboxSuppliers = (options: SandboxSupplierOptions): express.Express => {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(SANDBOX_SUPPLIERS_PATH, sandboxSupplierRoutes(options), (_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  app.use((_req, res) => {
    res.status(404).end();
  });
  app.use(((_error, _req, res, _next) => {
    if (res.headersSent) res.destroy();
    else res.status(500).json({ detail: 'A server error occurred.' });
  }) satisfies ErrorRequestHandler);
  return app;
};
