import {
  BILLS_SERVICE_NAMES,
  BILLS_SERVICES,
  BILLS_SUPPLIERS,
  type TBillsKind,
  type TBillsService,
} from '@vendo/shared/constants';
import { koboToNaira } from '@vendo/shared/money';
import type {
  TBillsCatalogueResponse,
  TBillsServiceStatusResponse,
  TManagedBillsProduct,
  TManagedBillsService,
  ZBillsPriceRequest,
  ZBillsProductRequest,
  ZBillsProductUpdateRequest,
  ZBillsServiceStatusRequest,
  ZBillsSupplierRequest,
} from '@vendo/shared/schemas/bills-admin';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { inTransaction } from '../../db/retry.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  billsCodeTaken,
  bouquetHasOpenPurchase,
  eraseBillsProduct,
  findBillsProduct,
  findBillsService,
  insertBillsProduct,
  listBillsProducts,
  listBillsServices,
  setBillsServiceOpen,
  setBillsServiceSupplier,
  updateBillsProduct,
  type BillsProductChange,
  type BillsProductRow,
  type BillsServiceRow,
} from './bills.repository.ts';
import { priceOrderProblem } from './pricing.ts';

/**
 * The bills catalogue back office (docs/product-rules.md#bills-catalogue), as data plans have:
 * admins add, change and delete bouquets, lock a provider or exam body and choose its supplier;
 * admins and agents change tier prices. Every change is one transaction with its audit row;
 * purchases read the rows fresh, so a change applies to the next purchase in every process.
 */

const serviceOrder = (id: string) => BILLS_SERVICES.indexOf(id as TBillsService);
const serviceName = (id: string) => BILLS_SERVICE_NAMES[id as TBillsService] ?? id;

export const toManagedBillsProduct = (p: BillsProductRow): TManagedBillsProduct => ({
  _id: p.id,
  serviceId: p.serviceId as TBillsService,
  code: p.code,
  name: p.name,
  supplierCode: p.supplierCode,
  costPrice: koboToNaira(p.costPriceKobo),
  smartEarnerPrice: koboToNaira(p.smartEarnerPriceKobo),
  resellerPrice: koboToNaira(p.resellerPriceKobo),
  apiPrice: koboToNaira(p.apiPriceKobo),
  isAvailable: p.isAvailable,
  margins: {
    smartEarner: koboToNaira(p.smartEarnerPriceKobo - p.costPriceKobo, { allowNegative: true }),
    reseller: koboToNaira(p.resellerPriceKobo - p.costPriceKobo, { allowNegative: true }),
    api: koboToNaira(p.apiPriceKobo - p.costPriceKobo, { allowNegative: true }),
  },
});

const sortServices = (rows: BillsServiceRow[]) =>
  [...rows].sort((a, b) => serviceOrder(a.serviceId) - serviceOrder(b.serviceId));

/** GET /admin/bills (admins and agents): each service with its lock, supplier and products. */
export const billsCatalogue = async (
  ctx: AppContext,
  only?: TBillsService,
): Promise<TBillsCatalogueResponse> => {
  const services = sortServices(await listBillsServices(ctx.db, only));
  const products = await listBillsProducts(
    ctx.db,
    services.map((s) => s.serviceId),
  );
  return {
    services: services.map((s): TManagedBillsService => ({
      serviceId: s.serviceId as TBillsService,
      name: serviceName(s.serviceId),
      kind: s.kind as TBillsKind,
      isOpen: s.isOpen,
      supplierName: s.supplierName,
      products: products.filter((p) => p.serviceId === s.serviceId).map(toManagedBillsProduct),
    })),
    suppliers: [...BILLS_SUPPLIERS],
  };
};

/** GET /bills/services (anyone): which providers and exam bodies sell now; nothing else. */
export const billsServiceStatus = async (db: DbOrTx): Promise<TBillsServiceStatusResponse> => ({
  services: sortServices(await listBillsServices(db)).map((s) => ({
    serviceId: s.serviceId as TBillsService,
    name: serviceName(s.serviceId),
    kind: s.kind as TBillsKind,
    isOpen: s.isOpen,
  })),
});

type Prices = Pick<
  BillsProductRow,
  'costPriceKobo' | 'smartEarnerPriceKobo' | 'resellerPriceKobo' | 'apiPriceKobo'
>;

/** The data plans' rule (cost ≤ API ≤ reseller ≤ smart earner), refused with its words. */
const assertPriceOrder = (prices: Prices, label: string) => {
  const problem = priceOrderProblem(prices);
  if (problem) throw new AppError('VALIDATION_ERROR', { msg: `${label}: ${problem}` });
};

const productNotFound = () =>
  new AppError('NOT_FOUND', { msg: 'That product does not exist (it may have been deleted)' });

const serviceNotFound = (serviceId: string) =>
  new AppError('NOT_FOUND', { msg: `${serviceName(serviceId)} is not in the catalogue` });

/** What the audit keeps of a product: its fields in kobo, never more. */
const audited = (p: BillsProductRow) => ({
  serviceId: p.serviceId,
  code: p.code,
  name: p.name,
  supplierCode: p.supplierCode,
  costPriceKobo: p.costPriceKobo,
  smartEarnerPriceKobo: p.smartEarnerPriceKobo,
  resellerPriceKobo: p.resellerPriceKobo,
  apiPriceKobo: p.apiPriceKobo,
  isAvailable: p.isAvailable,
});

/**
 * POST /admin/bills/products (admins): a new bouquet. Exam PIN kinds are the fixed list buyers
 * choose from (EXAM_PRODUCTS), so only a cable provider takes a new product.
 */
export const addBillsProduct = async (
  ctx: AppContext,
  actor: UserRow,
  input: z.output<typeof ZBillsProductRequest>,
): Promise<TManagedBillsProduct> => {
  const row = await inTransaction(ctx.db, async (tx) => {
    const service = await findBillsService(tx, input.serviceId, { forUpdate: true });
    if (!service) throw serviceNotFound(input.serviceId);
    if (service.kind !== 'cable') {
      throw new AppError('VALIDATION_ERROR', {
        msg: `${serviceName(service.serviceId)} sells a fixed PIN kind: change its prices or availability instead`,
      });
    }
    const fields = {
      serviceId: input.serviceId,
      code: input.code,
      name: input.name,
      supplierCode: input.supplierCode ?? input.code,
      costPriceKobo: input.costPrice,
      smartEarnerPriceKobo: input.smartEarnerPrice,
      resellerPriceKobo: input.resellerPrice,
      apiPriceKobo: input.apiPrice,
      isAvailable: input.isAvailable ?? true,
    };
    assertPriceOrder(fields, input.name);
    if (await billsCodeTaken(tx, input.serviceId, input.code)) {
      throw new AppError('CONFLICT', {
        msg: `${serviceName(input.serviceId)} already has a bouquet with code ${input.code}`,
      });
    }
    const added = await insertBillsProduct(tx, fields);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'bills_product.add',
      targetType: 'bills_product',
      targetId: added.id,
      after: audited(added),
    });
    return added;
  });
  return toManagedBillsProduct(row);
};

/** One change of a product under its row lock, checked and audited as `action`. */
const changeProduct = (
  ctx: AppContext,
  actor: UserRow,
  id: string,
  action: string,
  change: BillsProductChange,
): Promise<BillsProductRow> =>
  inTransaction(ctx.db, async (tx) => {
    const before = await findBillsProduct(tx, id, { forUpdate: true });
    if (!before) throw productNotFound();
    const next = { ...before, ...change };
    assertPriceOrder(next, next.name);
    const after = await updateBillsProduct(tx, id, change);
    await recordAudit(tx, {
      actorId: actor.id,
      action,
      targetType: 'bills_product',
      targetId: id,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });

/** PATCH /admin/bills/products/{id} (admins): the fields it carries; absent ones keep theirs. */
export const changeBillsProduct = async (
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: z.output<typeof ZBillsProductUpdateRequest>,
): Promise<TManagedBillsProduct> => {
  const change: BillsProductChange = {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.supplierCode !== undefined && { supplierCode: input.supplierCode }),
    ...(input.costPrice !== undefined && { costPriceKobo: input.costPrice }),
    ...(input.smartEarnerPrice !== undefined && { smartEarnerPriceKobo: input.smartEarnerPrice }),
    ...(input.resellerPrice !== undefined && { resellerPriceKobo: input.resellerPrice }),
    ...(input.apiPrice !== undefined && { apiPriceKobo: input.apiPrice }),
    ...(input.isAvailable !== undefined && { isAvailable: input.isAvailable }),
  };
  return toManagedBillsProduct(await changeProduct(ctx, actor, id, 'bills_product.update', change));
};

/** POST /admin/bills/products/{id}/price (admins and agents): tier prices only. */
export const priceBillsProduct = async (
  ctx: AppContext,
  actor: UserRow,
  id: string,
  input: z.output<typeof ZBillsPriceRequest>,
): Promise<TManagedBillsProduct> => {
  const change: BillsProductChange = {
    ...(input.smartEarnerPrice !== undefined && { smartEarnerPriceKobo: input.smartEarnerPrice }),
    ...(input.resellerPrice !== undefined && { resellerPriceKobo: input.resellerPrice }),
    ...(input.apiPrice !== undefined && { apiPriceKobo: input.apiPrice }),
  };
  return toManagedBillsProduct(await changeProduct(ctx, actor, id, 'bills_product.price', change));
};

/**
 * DELETE /admin/bills/products/{id} (admins): erases a bouquet. Its past receipts keep its name
 * and code (copied into each purchase), so nothing refers to the row; a bouquet with a purchase
 * still unsettled waits. Exam PIN kinds are never deleted: making one unavailable retires it.
 */
export const deleteBillsProduct = async (
  ctx: AppContext,
  actor: UserRow,
  id: string,
): Promise<{ msg: string }> =>
  inTransaction(ctx.db, async (tx) => {
    const product = await findBillsProduct(tx, id, { forUpdate: true });
    if (!product) throw productNotFound();
    const service = await findBillsService(tx, product.serviceId as TBillsService);
    if (service?.kind !== 'cable') {
      throw new AppError('CONFLICT', {
        msg: `${product.name} is one of the fixed exam PINs: make it unavailable instead`,
      });
    }
    if (await bouquetHasOpenPurchase(tx, product)) {
      throw new AppError('CONFLICT', {
        msg: `A purchase of ${product.name} is still pending: make it unavailable now and delete it once that purchase settles`,
      });
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'bills_product.delete',
      targetType: 'bills_product',
      targetId: id,
      before: audited(product),
    });
    await eraseBillsProduct(tx, id);
    return { msg: `${product.name} is deleted` };
  });

/** POST /admin/bills/serviceStatus (admins): lock or open one provider or exam body. */
export const setBillsServiceStatus = (
  ctx: AppContext,
  actor: UserRow,
  { serviceId, isOpen }: z.output<typeof ZBillsServiceStatusRequest>,
): Promise<{ msg: string }> =>
  inTransaction(ctx.db, async (tx) => {
    const before = await findBillsService(tx, serviceId, { forUpdate: true });
    if (!before) throw serviceNotFound(serviceId);
    await setBillsServiceOpen(tx, serviceId, isOpen);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'bills_service.status',
      targetType: 'bills_service',
      targetId: serviceId,
      before: { isOpen: before.isOpen },
      after: { isOpen },
    });
    return { msg: `${serviceName(serviceId)} is now ${isOpen ? 'available' : 'locked'}` };
  });

/** POST /admin/bills/supplier (admins): which supplier serves one provider or exam body. */
export const chooseBillsSupplier = (
  ctx: AppContext,
  actor: UserRow,
  { serviceId, supplierName }: z.output<typeof ZBillsSupplierRequest>,
): Promise<{ msg: string }> =>
  inTransaction(ctx.db, async (tx) => {
    const before = await findBillsService(tx, serviceId, { forUpdate: true });
    if (!before) throw serviceNotFound(serviceId);
    await setBillsServiceSupplier(tx, serviceId, supplierName);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'bills_service.supplier',
      targetType: 'bills_service',
      targetId: serviceId,
      before: { supplierName: before.supplierName },
      after: { supplierName },
    });
    return { msg: `${serviceName(serviceId)} is now served by ${supplierName}` };
  });
