import { createHash, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DISCOS, SUPPLIERS, type TSupplier } from '@vendo/shared/constants';
import { isValidNaira, koboToNaira, nairaToKobo } from '@vendo/shared/money';
import express, {
  Router,
  type ErrorRequestHandler,
  type RequestHandler,
  type Response,
} from 'express';
import type { Db } from '../../db/client.ts';
import {
  simulateMeterValidation,
  simulateOrder,
  simulateRequery,
  type SandboxReply,
} from './sandbox-simulator.ts';
import {
  findSandboxPlan,
  MAX_SANDBOX_TOPUP_KOBO,
  sandboxFloatKobo,
  topUpSandboxFloat,
  type SandboxOrderKind,
} from './sandbox-store.ts';

/**
 * The sandbox suppliers ALARO and GLAD (ARCHITECTURE.md "Providers"): the same Husmodata-style
 * wire format as the real ones, served by the app under /sandbox/suppliers/{alaro,glad}, so the
 * adapter talks to them over real HTTP exactly as it talks to a real supplier. Triggers are in
 * sandbox-simulator.ts and the README.
 */

export type SandboxSupplierOptions = {
  db: Db;
  /** The key each sandbox supplier accepts in `Authorization: Token <key>`. */
  apiKeys: Record<TSupplier, string>;
  /** How long the 3333 trigger holds its answer; set it above the adapter timeout. */
  slowMs: number;
};

type FieldErrors = Record<string, string[]>;

const REQUIRED = 'This field is required.';

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** DRF TokenAuthentication: `Authorization: Token <key>`, else 401 {"detail": "Invalid token."}. */
const requireToken =
  (key: string): RequestHandler =>
  (req, res, next) => {
    const match = /^token\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    if (!match || !timingSafeEqual(sha256(match[1]!), sha256(key))) {
      res.status(401).json({
        detail: match ? 'Invalid token.' : 'Authentication credentials were not provided.',
      });
      return;
    }
    next();
  };

const send = async (res: Response, reply: SandboxReply): Promise<void> => {
  if (reply.delayMs) await sleep(reply.delayMs);
  // The buyer may have given up waiting (the 3333 trigger): the order stands either way.
  if (res.req.socket.destroyed) return;
  if ('html' in reply) {
    res.status(reply.status).type('html').send(reply.html);
    return;
  }
  res.status(reply.status).json(reply.json);
};

/** Reads and checks an order's fields, collecting DRF-style errors. */
const fields = (body: unknown) => {
  const source = (body !== null && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    errors[field] = [message];
    return undefined;
  };
  const present = (field: string) =>
    source[field] !== undefined && source[field] !== null && source[field] !== '';
  return {
    errors,
    digits: (field: string, min: number, max: number, label: string): string | undefined => {
      if (!present(field)) return fail(field, REQUIRED);
      const value = source[field];
      const text = typeof value === 'string' ? value.trim() : '';
      if (!new RegExp(`^\\d{${min},${max}}$`).test(text))
        return fail(field, `Enter a valid ${label}.`);
      return text;
    },
    naira: (field: string): number | undefined => {
      if (!present(field)) return fail(field, REQUIRED);
      const value = source[field];
      if (!isValidNaira(value)) return fail(field, 'A valid number is required.');
      const kobo = nairaToKobo(value as number | string);
      if (kobo <= 0) return fail(field, 'Ensure this value is greater than 0.');
      return kobo;
    },
    scalar: (field: string): string | number | undefined => {
      if (!present(field)) return fail(field, REQUIRED);
      const value = source[field];
      if (typeof value === 'number' || typeof value === 'string') return value;
      return fail(field, 'Not a valid value.');
    },
    bool: (field: string): boolean | undefined => {
      const value = source[field];
      if (value === undefined || value === null || value === '') return false;
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      return fail(field, 'Must be a valid boolean.');
    },
    optionalText: (field: string, max: number): string | null | undefined => {
      if (!present(field)) return null;
      const value = source[field];
      if (typeof value !== 'string' || value.length > max)
        return fail(field, `Ensure this field has no more than ${max} characters.`);
      return value;
    },
    raw: source,
  };
};

const discoOf = (value: unknown) => DISCOS.find((d) => String(d.id) === String(value).trim());

const meterTypeOf = (value: unknown) => {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return text === 'prepaid' || text === 'postpaid' ? text : null;
};

/** One sandbox supplier's API. */
const supplierRouter = (
  { db, apiKeys, slowMs }: SandboxSupplierOptions,
  supplier: TSupplier,
): Router => {
  const router = Router();
  router.use(requireToken(apiKeys[supplier]));
  router.use(express.json({ limit: '20kb' }));

  router.post('/api/data', async (req, res) => {
    const f = fields(req.body);
    const network = f.scalar('network');
    const mobileNumber = f.digits('mobile_number', 10, 14, 'phone number');
    const plan = f.scalar('plan');
    const ported = f.bool('Ported_number');
    const requestId = f.optionalText('request_id', 100);
    if (Object.keys(f.errors).length > 0) {
      res.status(400).json(f.errors);
      return;
    }
    const found = await findSandboxPlan(db, supplier, String(plan));
    if (!found) {
      res.status(400).json({ error: [`Invalid plan id ${String(plan)}.`] });
      return;
    }
    await send(
      res,
      await simulateOrder(db, {
        supplier,
        kind: 'data',
        requestId: requestId ?? null,
        request: {
          network,
          mobile_number: mobileNumber,
          plan: String(plan),
          plan_name: found.name,
          Ported_number: ported,
        },
        amountKobo: found.costKobo,
        slowMs,
      }),
    );
  });

  router.post('/api/topup', async (req, res) => {
    const f = fields(req.body);
    const network = f.scalar('network');
    const amountKobo = f.naira('amount');
    const mobileNumber = f.digits('mobile_number', 10, 14, 'phone number');
    const ported = f.bool('Ported_number');
    const airtimeType = f.optionalText('airtime_type', 20);
    const requestId = f.optionalText('request_id', 100);
    if (Object.keys(f.errors).length > 0) {
      res.status(400).json(f.errors);
      return;
    }
    await send(
      res,
      await simulateOrder(db, {
        supplier,
        kind: 'airtime',
        requestId: requestId ?? null,
        request: {
          network,
          mobile_number: mobileNumber,
          amount: koboToNaira(amountKobo!),
          airtime_type: airtimeType ?? 'VTU',
          Ported_number: ported,
        },
        amountKobo: amountKobo!,
        slowMs,
      }),
    );
  });

  router.get('/api/v2/validatemeter', (req, res) => {
    const disco = discoOf(req.query.disco_id);
    const meterType = meterTypeOf(req.query.meter_type);
    const meterNumber =
      typeof req.query.meter_number === 'string' ? req.query.meter_number.trim() : '';
    if (!disco || !meterType || !/^\d{6,20}$/.test(meterNumber)) {
      res.status(400).json({
        detail: 'disco_id, meter_type (prepaid or postpaid) and meter_number are required.',
      });
      return;
    }
    res.json(simulateMeterValidation({ meterNumber, discoName: disco.name }));
  });

  router.post('/api/v2/billpayment', async (req, res) => {
    const f = fields(req.body);
    const disco = discoOf(f.scalar('disco_id'));
    if (!disco && !f.errors.disco_id) f.errors.disco_id = ['Invalid disco id.'];
    const amountKobo = f.naira('amount');
    const meterNumber = f.digits('meter_number', 6, 20, 'meter number');
    const meterType = meterTypeOf(f.raw.meter_type);
    if (!meterType) f.errors.meter_type = ['"meter_type" must be prepaid or postpaid.'];
    const phone = f.optionalText('Customer_Phone', 20);
    const customerName = f.optionalText('customer_name', 200);
    const requestId = f.optionalText('request_id', 100);
    if (Object.keys(f.errors).length > 0) {
      res.status(400).json(f.errors);
      return;
    }
    await send(
      res,
      await simulateOrder(db, {
        supplier,
        kind: 'electricity',
        requestId: requestId ?? null,
        request: {
          disco_id: disco!.id,
          amount: koboToNaira(amountKobo!),
          meter_number: meterNumber,
          meter_type: meterType,
          Customer_Phone: phone ?? null,
          customer_name: customerName ?? null,
        },
        amountKobo: amountKobo!,
        slowMs,
      }),
    );
  });

  const requery =
    (kind: SandboxOrderKind): RequestHandler =>
    async (req, res) => {
      await send(res, await simulateRequery(db, { supplier, kind, key: String(req.params.id) }));
    };
  router.get('/api/data/:id', requery('data'));
  router.get('/api/topup/:id', requery('airtime'));
  router.get('/api/billpayment/:id', requery('electricity'));

  router.get('/api/user', async (_req, res) => {
    res.json({
      id: 1,
      username: `vendo-${supplier.toLowerCase()}`,
      email: `vendo@${supplier.toLowerCase()}.sandbox`,
      wallet_balance: koboToNaira(await sandboxFloatKobo(db, supplier)),
    });
  });

  // The supplier's "fund wallet" page. Its key is enough here (fake money); the app's admin
  // screen calls topUpSandboxFloat behind admin auth instead.
  router.post('/float/topup', async (req, res) => {
    const f = fields(req.body);
    const amountKobo = f.naira('amount');
    if (amountKobo !== undefined && amountKobo > MAX_SANDBOX_TOPUP_KOBO) {
      f.errors.amount = [
        `Ensure this value is less than or equal to ${koboToNaira(MAX_SANDBOX_TOPUP_KOBO)}.`,
      ];
    }
    if (Object.keys(f.errors).length > 0) {
      res.status(400).json(f.errors);
      return;
    }
    res.json({ wallet_balance: koboToNaira(await topUpSandboxFloat(db, supplier, amountKobo!)) });
  });

  router.use((_req, res) => {
    res.status(404).json({ detail: 'Not found.' });
  });
  return router;
};

/** Body-parser errors in the supplier's own words rather than the app's. */
const supplierErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const type = (error as { type?: string }).type;
  if (type === 'entity.parse.failed') {
    res.status(400).json({ detail: 'JSON parse error.' });
    return;
  }
  if (type === 'entity.too.large') {
    res.status(413).json({ detail: 'Request body too large.' });
    return;
  }
  next(error);
};

/** The sandbox suppliers, to mount at /sandbox/suppliers (never in production). */
export const sandboxSupplierRoutes = (options: SandboxSupplierOptions): Router => {
  const router = Router();
  for (const supplier of SUPPLIERS)
    router.use(`/${supplier.toLowerCase()}`, supplierRouter(options, supplier));
  router.use(supplierErrors);
  return router;
};
