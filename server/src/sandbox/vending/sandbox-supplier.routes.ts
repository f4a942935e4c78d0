import { timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DISCOS, SUPPLIERS, type TSupplier } from '@vendo/shared/constants';
import { isValidNaira, koboToNaira, nairaToKobo } from '@vendo/shared/money';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { SANDBOX_SUPPLIERS_PATH } from '../../providers/vending/registry.ts';
import type { SandboxBooks } from './sandbox-books.ts';
import {
  simulateMeterValidation,
  simulateOrder,
  simulateRequery,
  type SandboxReply,
} from './sandbox-simulator.ts';
import { MAX_SANDBOX_TOPUP_KOBO, type SandboxOrderKind } from './sandbox-store.ts';

/**
 * The sandbox suppliers ALARO and GLAD (ARCHITECTURE.md "Providers"): the same Husmodata-style
 * wire format as the real ones, served by the app under /sandbox/suppliers/{alaro,glad}, so the
 * adapter talks to them over real HTTP exactly as it talks to a real supplier. Triggers are in
 * sandbox-simulator.ts and the README.
 *
 * A plain node:http handler rather than an Express router: it is mounted in the app with
 * app.use, and served alone by the benchmark's supplier process, where it stands in for a
 * supplier's servers and its cost should be the supplier's work, not a framework's.
 */

export type SandboxSupplierOptions = {
  /** Where the suppliers keep their price lists, orders and floats (sandbox-books.ts). */
  books: SandboxBooks;
  /** The key each sandbox supplier accepts in `Authorization: Token <key>`. */
  apiKeys: Record<TSupplier, string>;
  /** How long the 3333 trigger holds its answer; set it above the adapter timeout. */
  slowMs: number;
};

type FieldErrors = Record<string, string[]>;

const digitPatterns = new Map<string, RegExp>();
const digitsPattern = (min: number, max: number): RegExp => {
  const key = `${min},${max}`;
  let pattern = digitPatterns.get(key);
  if (!pattern) {
    pattern = new RegExp(`^\\d{${min},${max}}$`);
    digitPatterns.set(key, pattern);
  }
  return pattern;
};

const REQUIRED = 'This field is required.';

type Reply = { status: number; json: unknown } | { status: number; html: string };

const write = (res: ServerResponse, reply: Reply): void => {
  const isHtml = 'html' in reply;
  const body = isHtml ? reply.html : JSON.stringify(reply.json);
  res.writeHead(reply.status, {
    'Content-Type': isHtml ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
};

const json = (res: ServerResponse, status: number, value: unknown): void =>
  write(res, { status, json: value });

const send = async (req: IncomingMessage, res: ServerResponse, reply: SandboxReply) => {
  if (reply.delayMs) await sleep(reply.delayMs);
  // The buyer may have given up waiting (the 3333 trigger): the order stands either way.
  if (req.socket.destroyed) return;
  write(res, reply);
};

/** The largest order body a sandbox supplier reads. */
const BODY_LIMIT_BYTES = 20 * 1024;

class BodyError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/**
 * The request's JSON body as a DRF server reads it: undefined when there is none or it is not
 * JSON; 400 'JSON parse error.' when it is not an object or array; 413 past the limit.
 */
const readJsonBody = (req: IncomingMessage): Promise<unknown> => {
  // Already read by a body parser mounted in front of this handler: take what it parsed.
  if (req.readableEnded) return Promise.resolve((req as { body?: unknown }).body);
  const hasBody =
    req.headers['transfer-encoding'] !== undefined ||
    (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
  const isJson = /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(req.headers['content-type'] ?? '');
  if (!hasBody || !isJson) {
    req.resume();
    return Promise.resolve(undefined);
  }
  if (Number(req.headers['content-length'] ?? 0) > BODY_LIMIT_BYTES) {
    req.resume();
    return Promise.reject(new BodyError(413, 'Request body too large.'));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT_BYTES) {
        chunks.length = 0;
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyError(413, 'Request body too large.'));
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => {
      if (size > BODY_LIMIT_BYTES) return;
      const text = Buffer.concat(chunks).toString('utf8');
      // Objects and arrays only, as a strict JSON parser takes them.
      if (!/^[\s]*[[{]/.test(text)) {
        reject(new BodyError(400, 'JSON parse error.'));
        return;
      }
      try {
        resolve(JSON.parse(text));
      } catch {
        reject(new BodyError(400, 'JSON parse error.'));
      }
    });
  });
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
      if (!digitsPattern(min, max).test(text)) return fail(field, `Enter a valid ${label}.`);
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

type Request = { req: IncomingMessage; res: ServerResponse; body: unknown; query: URLSearchParams };
type Handler = (r: Request) => Promise<void> | void;

/** One sandbox supplier's API: its routes, by method and path (a trailing slash is optional). */
const supplierRoutes = (
  { books, slowMs }: SandboxSupplierOptions,
  supplier: TSupplier,
): {
  method: string;
  path: RegExp;
  handle: (r: Request, id?: string) => Promise<void> | void;
}[] => {
  const data: Handler = async ({ req, res, body }) => {
    const f = fields(body);
    const network = f.scalar('network');
    const mobileNumber = f.digits('mobile_number', 10, 14, 'phone number');
    const plan = f.scalar('plan');
    const ported = f.bool('Ported_number');
    const requestId = f.optionalText('request_id', 100);
    if (Object.keys(f.errors).length > 0) {
      json(res, 400, f.errors);
      return;
    }
    const found = await books.findPlan(supplier, String(plan));
    if (!found) {
      json(res, 400, { error: [`Invalid plan id ${String(plan)}.`] });
      return;
    }
    await send(
      req,
      res,
      await simulateOrder(books, {
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
  };

  const topup: Handler = async ({ req, res, body }) => {
    const f = fields(body);
    const network = f.scalar('network');
    const amountKobo = f.naira('amount');
    const mobileNumber = f.digits('mobile_number', 10, 14, 'phone number');
    const ported = f.bool('Ported_number');
    const airtimeType = f.optionalText('airtime_type', 20);
    const requestId = f.optionalText('request_id', 100);
    if (Object.keys(f.errors).length > 0) {
      json(res, 400, f.errors);
      return;
    }
    await send(
      req,
      res,
      await simulateOrder(books, {
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
  };

  const validateMeter: Handler = ({ res, query }) => {
    const disco = discoOf(query.get('disco_id'));
    const meterType = meterTypeOf(query.get('meter_type'));
    const meterNumber = (query.get('meter_number') ?? '').trim();
    if (!disco || !meterType || !/^\d{6,20}$/.test(meterNumber)) {
      json(res, 400, {
        detail: 'disco_id, meter_type (prepaid or postpaid) and meter_number are required.',
      });
      return;
    }
    json(res, 200, simulateMeterValidation({ meterNumber, discoName: disco.name }));
  };

  const billPayment: Handler = async ({ req, res, body }) => {
    const f = fields(body);
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
      json(res, 400, f.errors);
      return;
    }
    await send(
      req,
      res,
      await simulateOrder(books, {
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
  };

  const requery =
    (kind: SandboxOrderKind) =>
    async ({ req, res }: Request, id?: string) => {
      await send(req, res, await simulateRequery(books, { supplier, kind, key: id ?? '' }));
    };

  const user: Handler = async ({ res }) => {
    json(res, 200, {
      id: 1,
      username: `vendo-${supplier.toLowerCase()}`,
      email: `vendo@${supplier.toLowerCase()}.sandbox`,
      wallet_balance: koboToNaira(await books.floatKobo(supplier)),
    });
  };

  // The supplier's "fund wallet" page. Its key is enough here (fake money); the app's admin
  // screen tops the app's sandbox float up behind admin auth instead (topUpSandboxFloat).
  const floatTopUp: Handler = async ({ res, body }) => {
    const f = fields(body);
    const amountKobo = f.naira('amount');
    if (amountKobo !== undefined && amountKobo > MAX_SANDBOX_TOPUP_KOBO) {
      f.errors.amount = [
        `Ensure this value is less than or equal to ${koboToNaira(MAX_SANDBOX_TOPUP_KOBO)}.`,
      ];
    }
    if (Object.keys(f.errors).length > 0) {
      json(res, 400, f.errors);
      return;
    }
    json(res, 200, {
      wallet_balance: koboToNaira(await books.topUpFloat(supplier, amountKobo!)),
    });
  };

  const route = (method: string, path: string, handle: Handler) => ({
    method,
    path: new RegExp(`^${path}/?$`, 'i'),
    handle,
  });
  return [
    route('POST', '/api/data', data),
    route('POST', '/api/topup', topup),
    route('GET', '/api/v2/validatemeter', validateMeter),
    route('POST', '/api/v2/billpayment', billPayment),
    { method: 'GET', path: /^\/api\/data\/([^/]+)\/?$/i, handle: requery('data') },
    { method: 'GET', path: /^\/api\/topup\/([^/]+)\/?$/i, handle: requery('airtime') },
    { method: 'GET', path: /^\/api\/billpayment\/([^/]+)\/?$/i, handle: requery('electricity') },
    route('GET', '/api/user', user),
    route('POST', '/float/topup', floatTopUp),
  ];
};

/** Express's `next`, when the handler is mounted in an Express app. */
type Next = (error?: unknown) => void;

/**
 * The sandbox suppliers, to mount at /sandbox/suppliers (never in production), or to serve
 * alone: paths are `/{alaro|glad}/…` relative to the mount point. With Express, a path that
 * names no sandbox supplier is passed on; alone, it is a 404.
 */
export const sandboxSupplierRoutes = (
  options: SandboxSupplierOptions,
): ((req: IncomingMessage, res: ServerResponse, next?: Next) => void) => {
  const suppliers = new Map(
    SUPPLIERS.map((supplier) => [
      supplier.toLowerCase(),
      { key: Buffer.from(options.apiKeys[supplier]), routes: supplierRoutes(options, supplier) },
    ]),
  );

  const handle = async (req: IncomingMessage, res: ServerResponse, next: Next | undefined) => {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const path = queryAt === -1 ? url : url.slice(0, queryAt);
    const match = /^\/([^/]+)(\/.*)?$/.exec(path);
    const supplier = match ? suppliers.get(match[1]!.toLowerCase()) : undefined;
    if (!supplier) {
      if (next) next();
      else json(res, 404, { detail: 'Not found.' });
      return;
    }
    // DRF TokenAuthentication: `Authorization: Token <key>`, else 401.
    const token = /^token\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    const given = token ? Buffer.from(token[1]!) : null;
    // Constant time over the key's bytes; only its length can show.
    if (!given || given.length !== supplier.key.length || !timingSafeEqual(given, supplier.key)) {
      req.resume();
      json(res, 401, {
        detail: token ? 'Invalid token.' : 'Authentication credentials were not provided.',
      });
      return;
    }
    let body: unknown;
    try {
      body = await readJsonBody(req);
    } catch (error) {
      if (!(error instanceof BodyError)) throw error;
      json(res, error.status, { detail: error.detail });
      return;
    }
    const rest = match![2] ?? '/';
    for (const route of supplier.routes) {
      if (route.method !== req.method) continue;
      const found = route.path.exec(rest);
      if (!found) continue;
      const query = new URLSearchParams(queryAt === -1 ? '' : url.slice(queryAt + 1));
      let id: string | undefined;
      try {
        id = found[1] === undefined ? undefined : decodeURIComponent(found[1]);
      } catch {
        json(res, 404, { detail: 'Not found.' });
        return;
      }
      await route.handle({ req, res, body, query }, id);
      return;
    }
    json(res, 404, { detail: 'Not found.' });
  };

  return (req, res, next) => {
    handle(req, res, next).catch((error: unknown) => {
      if (next) {
        next(error);
        return;
      }
      if (!res.headersSent) json(res, 500, { detail: 'A server error occurred.' });
      else res.destroy();
    });
  };
};

/**
 * The sandbox suppliers served alone, as a supplier's own servers would be (the benchmark's
 * supplier process): the same paths as under the app, `SANDBOX_SUPPLIERS_PATH/{alaro|glad}/…`,
 * and a bare 404 for anything else. For `http.createServer`.
 */
export const standaloneSandboxSuppliers = (options: SandboxSupplierOptions): RequestListener => {
  const suppliers = sandboxSupplierRoutes(options);
  return (req, res) => {
    const path = req.url ?? '/';
    if (!path.startsWith(`${SANDBOX_SUPPLIERS_PATH}/`)) {
      res.writeHead(404).end();
      return;
    }
    req.url = path.slice(SANDBOX_SUPPLIERS_PATH.length);
    suppliers(req, res);
  };
};
