import type { TManagedBillsProduct, TManagedBillsService } from '@vendo/shared/schemas/bills-admin';
import type { TRoute } from '@/test/http-stub';

/** A product's id as the server gives them (a uuid), numbered for the test. */
export const billsUuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '1')}`;

const product = (
  n: number,
  serviceId: TManagedBillsProduct['serviceId'],
  code: string,
  name: string,
  cost: number,
): TManagedBillsProduct => ({
  _id: billsUuid(n),
  serviceId,
  code,
  name,
  supplierCode: code,
  costPrice: cost,
  smartEarnerPrice: cost + 100,
  resellerPrice: cost + 70,
  apiPrice: cost + 50,
  isAvailable: true,
  margins: { smartEarner: 100, reseller: 70, api: 50 },
});

/** Two providers and an exam body, as GET /admin/bills answers them. */
export const billsServices = (): TManagedBillsService[] => [
  {
    serviceId: 'dstv',
    name: 'DStv',
    kind: 'cable',
    isOpen: true,
    supplierName: 'VTPASS',
    products: [
      product(1, 'dstv', 'dstv-padi', 'DStv Padi', 4400),
      product(2, 'dstv', 'dstv-compact', 'DStv Compact', 19000),
    ],
  },
  {
    serviceId: 'gotv',
    name: 'GOtv',
    kind: 'cable',
    isOpen: false,
    supplierName: 'VTPASS',
    products: [product(3, 'gotv', 'gotv-max', 'GOtv Max', 8500)],
  },
  {
    serviceId: 'waec',
    name: 'WAEC result checker',
    kind: 'exam',
    isOpen: true,
    supplierName: 'VTPASS',
    products: [product(4, 'waec', 'waec', 'WAEC result checker PIN', 3900)],
  },
];

type TBody = Record<string, unknown>;

/**
 * The bills back office's side of the server in a test: it keeps what each call changed, like
 * the real one (no price-order rules here; the server tests hold those).
 */
export const billsRoutes = (services = billsServices()): Record<string, TRoute> => {
  let list = services;
  let next = 100;
  const each = (change: (p: TManagedBillsProduct) => TManagedBillsProduct, id: string) => {
    list = list.map((s) => ({
      ...s,
      products: s.products.map((p) => (p._id === id ? change(p) : p)),
    }));
    return list.flatMap((s) => s.products).find((p) => p._id === id)!;
  };
  const perProduct = list
    .flatMap((s) => s.products)
    .flatMap((p): [string, TRoute][] => [
      [
        `PATCH /admin/bills/products/${p._id}`,
        (request) => {
          const saved = each((x) => ({ ...x, ...(request.body as TBody) }), p._id);
          return { status: 200, data: { msg: 'Saved', product: saved } };
        },
      ],
      [
        `POST /admin/bills/products/${p._id}/price`,
        (request) => {
          const body = request.body as TBody;
          const saved = each(
            (x) => ({
              ...x,
              ...Object.fromEntries(
                Object.entries(body)
                  .filter(([, v]) => v !== undefined)
                  .map(([k, v]) => [k, Number(v)]),
              ),
            }),
            p._id,
          );
          return { status: 200, data: { msg: 'Price updated successfully', product: saved } };
        },
      ],
      [
        `DELETE /admin/bills/products/${p._id}`,
        () => {
          list = list.map((s) => ({ ...s, products: s.products.filter((x) => x._id !== p._id) }));
          return { status: 200, data: { msg: `${p.name} is deleted` } };
        },
      ],
    ]);
  return {
    'GET /admin/bills': () => ({ status: 200, data: { services: list, suppliers: ['VTPASS'] } }),
    'POST /admin/bills/products': (request) => {
      const body = request.body as TBody;
      const added = {
        ...product(next++, body.serviceId as 'dstv', String(body.code), String(body.name), 0),
        costPrice: Number(body.costPrice),
        smartEarnerPrice: Number(body.smartEarnerPrice),
        resellerPrice: Number(body.resellerPrice),
        apiPrice: Number(body.apiPrice),
      };
      list = list.map((s) =>
        s.serviceId === added.serviceId ? { ...s, products: [...s.products, added] } : s,
      );
      return { status: 201, data: { msg: 'Bouquet added', product: added } };
    },
    'POST /admin/bills/serviceStatus': (request) => {
      const body = request.body as { serviceId: string; isOpen: boolean };
      list = list.map((s) => (s.serviceId === body.serviceId ? { ...s, isOpen: body.isOpen } : s));
      const name = list.find((s) => s.serviceId === body.serviceId)!.name;
      return {
        status: 200,
        data: { msg: `${name} is now ${body.isOpen ? 'available' : 'locked'}` },
      };
    },
    'POST /admin/bills/supplier': { status: 200, data: { msg: 'DStv is now served by VTPASS' } },
    ...Object.fromEntries(perProduct),
  };
};
