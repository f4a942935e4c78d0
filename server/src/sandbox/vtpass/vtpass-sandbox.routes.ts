import { timingSafeEqual } from 'node:crypto';
import { koboToNaira } from '@vendo/shared/money';
import express, { Router, type ErrorRequestHandler, type RequestHandler } from 'express';
import { z } from 'zod';
import { lagosStamp } from '../../providers/bills/vtpass.ts';
import {
  currentBouquetOf,
  customerName,
  newPins,
  SANDBOX_VTPASS_SERVICES,
  sandboxService,
  type SandboxService,
} from './vtpass-catalogue.ts';
import { type VtpassBooks, type SandboxVtpassOrder } from './vtpass-sandbox.store.ts';

/**
 * A local VTpass (cable TV, exam PINs) in its wire format, mounted at /sandbox/vtpass outside
 * production: `GET /api/service-variations`, `POST /api/merchant-verify`, `POST /api/pay`,
 * `POST /api/requery` (docs/suppliers-vtpass.md). Outcomes by the last four digits of the
 * smartcard, IUC, profile id or phone: 0000 fails verification (and a payment fails, 016),
 * 1111 processing (099) then delivered on re-query, 2222 pending (000) then failed (016) on
 * re-query, anything else delivered at once; 3333 on an order of several cards (exam, e-PINs)
 * delivers half of them.
 */

export type VtpassSandboxOptions = {
  /** Where its orders are kept: the app's database, or memory (the benchmark's supplier process). */
  books: VtpassBooks;
  keys: { apiKey: string; secretKey: string; publicKey: string };
};

const answer = (code: string, description: string, more: Record<string, unknown> = {}) => ({
  code,
  response_description: description,
  ...more,
});

const same = (given: string | undefined, expected: string) => {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** `api-key` with `secret-key` (POST) or `public-key` (GET); else VTpass's 087. */
const keysAuth = (keys: VtpassSandboxOptions['keys']): RequestHandler => {
  return (req, res, next) => {
    const second =
      req.method === 'GET'
        ? same(req.get('public-key'), keys.publicKey)
        : same(req.get('secret-key'), keys.secretKey);
    if (same(req.get('api-key'), keys.apiKey) && second) {
      next();
      return;
    }
    res.status(401).json(answer('087', 'INVALID CREDENTIALS'));
  };
};

/** 12 digits that are a Lagos date and time within a day of now, then anything. */
export const isValidRequestId = (id: string, now = new Date()): boolean => {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(id);
  if (!m || id.length < 12) return false;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, ...number[]];
  const at = Date.UTC(year, month! - 1, day, hour! - 1, minute);
  if (lagosStamp(new Date(at)) !== id.slice(0, 12)) return false;
  return Math.abs(at - now.getTime()) <= 86_400_000;
};

const ZPay = z.object({
  request_id: z.string().min(1),
  serviceID: z.string().min(1),
  billersCode: z.coerce.string().optional(),
  variation_code: z.string().optional(),
  amount: z.union([z.number(), z.string()]).optional(),
  phone: z.coerce.string().min(1),
  subscription_type: z.enum(['change', 'renew']).optional(),
  quantity: z.coerce.number().int().optional(),
});
const ZVerify = z.object({
  billersCode: z.coerce.string().min(1),
  serviceID: z.string().min(1),
  type: z.string().optional(),
});
const ZRequery = z.object({ request_id: z.string().min(1) });

const lastFour = (text: string) => text.slice(-4);

/** The answer VTpass gives for an order, to pay and to every re-query. */
const orderAnswer = (order: SandboxVtpassOrder, service: SandboxService) => {
  const status = order.status;
  const [code, description] =
    status === 'delivered'
      ? ['000', 'TRANSACTION SUCCESSFUL']
      : status === 'failed'
        ? ['016', 'TRANSACTION FAILED']
        : order.settlesTo === 'delivered'
          ? ['099', 'TRANSACTION IS PROCESSING']
          : ['000', 'TRANSACTION PROCESSED'];
  const pins = status === 'delivered' ? (order.pins ?? []) : [];
  const naira = koboToNaira(order.amountKobo);
  const purchased =
    service.pins === 'pin'
      ? pins.map((p) => `Pin : ${p.pin}`).join('')
      : pins.map((p) => `Serial No:${p.serial ?? ''}, pin: ${p.pin}`).join(' || ');
  return answer(code, description, {
    content: {
      transactions: {
        status,
        product_name: order.productName,
        unique_element: order.billersCode,
        // What one PIN costs: the charge is for the cards delivered (fewer on a partial delivery).
        unit_price: String(
          koboToNaira(
            order.amountKobo /
              (service.pins === 'cards' && order.pins?.length ? order.pins.length : order.quantity),
          ),
        ),
        quantity: order.quantity,
        channel: 'api',
        commission: 0,
        total_amount: naira,
        type: service.type,
        phone: order.phone,
        amount: String(naira),
        platform: 'api',
        method: 'api',
        transactionId: order.transactionId,
      },
    },
    requestId: order.requestId,
    amount: naira,
    transaction_date: order.createdAt.toISOString(),
    purchased_code: purchased,
    ...(service.pins === 'cards' && pins.length > 0
      ? { cards: pins.map((p) => ({ Serial: p.serial, Pin: p.pin })) }
      : {}),
    ...(service.pins === 'pin' && pins[0] ? { Pin: pins[0].pin } : {}),
  });
};

export const vtpassSandboxRoutes = ({ books, keys }: VtpassSandboxOptions): Router => {
  const router = Router();
  router.use(keysAuth(keys));
  router.use(express.json({ limit: '20kb' }));

  router.get('/api/service-variations', (req, res) => {
    const service = sandboxService(String(req.query.serviceID ?? ''));
    if (!service) {
      res.json(answer('012', 'PRODUCT DOES NOT EXIST'));
      return;
    }
    const variations = service.variations.map((x) => ({
      variation_code: x.code,
      name: x.name,
      variation_amount: x.naira.toFixed(2),
      fixedPrice: 'Yes',
    }));
    res.json({
      response_description: '000',
      content: {
        ServiceName: service.name,
        serviceID: service.id,
        convinience_fee: '0 %',
        variations,
      },
    });
  });

  router.post('/api/merchant-verify', (req, res) => {
    const query = ZVerify.safeParse(req.body ?? {});
    const service = query.success ? sandboxService(query.data.serviceID) : undefined;
    if (!query.success || !service?.verification) {
      res.json(
        answer('011', 'INVALID ARGUMENTS', {
          content: { errors: 'No verification for this service' },
        }),
      );
      return;
    }
    const number = query.data.billersCode.trim();
    const what = service.verification === 'profile' ? 'Profile ID' : 'Smartcard number';
    if (!/^\d{10,11}$/.test(number) || lastFour(number) === '0000') {
      res.json(
        answer('000', 'TRANSACTION SUCCESSFUL', {
          content: {
            error: `This ${what} is invalid. Please check and try again`,
            WrongBillersCode: true,
          },
        }),
      );
      return;
    }
    if (service.verification === 'profile') {
      res.json(
        answer('000', 'TRANSACTION SUCCESSFUL', {
          content: { Customer_Name: customerName(number) },
        }),
      );
      return;
    }
    const { variation, dueDate } = currentBouquetOf(service, number);
    res.json(
      answer('000', 'TRANSACTION SUCCESSFUL', {
        content: {
          Customer_Name: customerName(number),
          Status: 'ACTIVE',
          Due_Date: dueDate,
          Customer_Number: number,
          Customer_Type: service.id.toUpperCase(),
          Current_Bouquet: variation.name,
          Current_Bouquet_Code: variation.code,
          Renewal_Amount: variation.naira,
        },
      }),
    );
  });

  router.post('/api/pay', async (req, res) => {
    const parsed = ZPay.safeParse(req.body ?? {});
    if (!parsed.success) {
      res.json(answer('011', 'INVALID ARGUMENTS'));
      return;
    }
    const order = parsed.data;
    if (!isValidRequestId(order.request_id)) {
      res.json(answer('085', 'IMPROPER REQUEST ID'));
      return;
    }
    const service = sandboxService(order.serviceID);
    if (!service) {
      res.json(answer('012', 'PRODUCT DOES NOT EXIST'));
      return;
    }
    const billersCode = (order.billersCode ?? '').trim() || order.phone;
    const renew = service.verification === 'smartcard' && order.subscription_type === 'renew';
    const variation = renew
      ? currentBouquetOf(service, billersCode).variation
      : service.variations.find((x) => x.code === order.variation_code);
    if (!variation) {
      res.json(answer('010', 'VARIATION CODE DOES NOT EXIST'));
      return;
    }
    const quantity = service.pins ? (order.quantity ?? 1) : 1;
    if (quantity < 1) {
      res.json(answer('031', 'BELOW MINIMUM QUANTITY'));
      return;
    }
    if (quantity > service.maxQuantity) {
      res.json(answer('032', 'ABOVE MAXIMUM QUANTITY'));
      return;
    }
    const ending = lastFour(service.triggerField === 'phone' ? order.phone : billersCode);
    const [status, settlesTo] =
      ending === '0000'
        ? ['failed', null]
        : ending === '1111'
          ? ['pending', 'delivered']
          : ending === '2222'
            ? ['pending', 'failed']
            : ['delivered', null];
    // 3333 on an order of several cards: the supplier delivers (and charges for) half of them.
    const delivers =
      ending === '3333' && service.pins === 'cards' && quantity > 1
        ? Math.floor(quantity / 2)
        : quantity;
    const placed = await books.place({
      requestId: order.request_id,
      serviceId: service.id,
      billersCode,
      variationCode: variation.code,
      productName: `${service.name} - ${variation.name}`,
      quantity,
      // Fixed prices: VTpass charges the variation's price, whatever amount was sent.
      amountKobo: Math.round(variation.naira * 100) * delivers,
      phone: order.phone,
      status,
      settlesTo,
      pins: service.pins ? newPins(service, delivers) : null,
    });
    if (!placed) {
      res.json(answer('014', 'REQUEST ID ALREADY EXIST'));
      return;
    }
    res.json(orderAnswer(placed, service));
  });

  router.post('/api/requery', async (req, res) => {
    const parsed = ZRequery.safeParse(req.body ?? {});
    const order = parsed.success ? await books.requery(parsed.data.request_id) : undefined;
    if (!order) {
      res.json(answer('015', 'INVALID REQUEST ID'));
      return;
    }
    res.json(orderAnswer(order, sandboxService(order.serviceId) ?? SANDBOX_VTPASS_SERVICES[0]!));
  });

  router.use((_req, res) => {
    res.status(404).json(answer('404', 'NOT FOUND'));
  });
  router.use(((error, _req, res, next) => {
    const type = (error as { type?: unknown }).type;
    if (typeof type === 'string' && type.startsWith('entity.')) {
      res.status(400).json(answer('011', 'INVALID ARGUMENTS'));
    } else {
      next(error);
    }
  }) satisfies ErrorRequestHandler);
  return router;
};
