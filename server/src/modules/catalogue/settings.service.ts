import { SERVICE_NAMES, type TNetwork } from '@vendo/shared/constants';
import type { TServiceStatusResponse } from '@vendo/shared/schemas/catalogue';
import {
  NETWORK_SERVICE_TYPES,
  type ZServiceStatusRequest,
  type ZSupplierRequest,
  type ZUssdCodeRequest,
} from '@vendo/shared/schemas/admin';
import type {
  TServiceListResponse,
  TSupplierListResponse,
} from '@vendo/shared/schemas/admin.responses';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  insertUssdCode,
  listNetworkLocks,
  listServiceLocks,
  listUssdCodes,
  setNetworkServiceStatus,
  listNetworkSuppliers,
  setNetworkSuppliers,
  type NetworkSuppliers,
  setServiceStatus,
  updateUssdCode,
} from './settings.repository.ts';
import { inTransaction } from '../../db/retry.ts';

/**
 * Admin settings that change what buyers get: a network's supplier, a service's lock, the USSD
 * codes. Each change is one transaction with its audit row; purchases read them fresh.
 */

/** Who serves a network's data and airtime, in failover order. */
const effectiveLists = (row: NetworkSuppliers) => ({
  data: row.dataSuppliers ?? [row.supplierName],
  airtime: row.airtimeSuppliers ?? [row.supplierName],
});

/** GET /admin/supplier: each network's supplier and its products' failover order. */
export const networkSuppliers = async (ctx: AppContext): Promise<TSupplierListResponse> =>
  (await listNetworkSuppliers(ctx.db)).map((row) => ({
    network: row.network,
    supplierName: row.supplierName,
    ...effectiveLists(row),
  }));

/**
 * POST /admin/supplier: `supplierName` alone, the one supplier of the network's data and
 * airtime; `suppliers`, their failover order (the first is the network's supplier); with
 * `product`, that product's order only.
 */
export const chooseSupplier = (
  ctx: AppContext,
  actor: UserRow,
  { network, supplierName, suppliers, product }: z.output<typeof ZSupplierRequest>,
): Promise<{ msg: string }> =>
  inTransaction(ctx.db, async (tx) => {
    const list = suppliers ?? [supplierName!];
    // A list of one is the supplier alone: stored as no list.
    const stored = list.length > 1 ? list : null;
    const set =
      product === 'data'
        ? { dataSuppliers: stored ?? list }
        : product === 'airtime'
          ? { airtimeSuppliers: stored ?? list }
          : { supplierName: list[0]!, dataSuppliers: stored, airtimeSuppliers: stored };
    const before = await setNetworkSuppliers(tx, network, set);
    if (before === null) throw new AppError('NOT_FOUND', { msg: 'Please select a network' });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'network.supplier',
      targetType: 'network',
      targetId: network,
      before: { supplierName: before.supplierName, ...effectiveLists(before) },
      after: {
        ...(set.supplierName ? { supplierName: set.supplierName } : {}),
        ...(product ? { product } : {}),
        ...(suppliers ? { suppliers } : {}),
      },
    });
    const what = product ? `${network} ${product}` : network;
    return {
      msg:
        list.length > 1
          ? `${what} is now served by ${list.join(', then ')}`
          : `${what} is now served by ${list[0]}`,
    };
  });

/**
 * POST /admin/updateServices: a whole service, or one network's data or airtime
 * (docs/product-rules.md#purchases).
 */
export const lockService = (
  ctx: AppContext,
  actor: UserRow,
  body: z.output<typeof ZServiceStatusRequest>,
): Promise<{ msg: string }> =>
  inTransaction(ctx.db, async (tx) => {
    const { serviceName, serviceStatus } = body;
    const serviceType = 'serviceType' in body ? body.serviceType : undefined;
    const before = serviceType
      ? await setNetworkServiceStatus(tx, serviceName as TNetwork, serviceType, serviceStatus)
      : await setServiceStatus(tx, serviceName, serviceStatus);
    if (before === null) throw new AppError('NOT_FOUND', { msg: 'Unknown service' });
    const target = serviceType ? `${serviceName} ${serviceType}` : serviceName;
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'service.status',
      targetType: serviceType ? 'network_service' : 'service',
      targetId: target,
      before: { serviceStatus: before },
      after: { serviceStatus },
    });
    return { msg: `${target} is now ${serviceStatus ? 'available' : 'locked'}` };
  });

/**
 * GET /admin/checkServices: the whole services, then each network's airtime and data (with
 * `serviceType`), as the services screen lists them.
 */
export const serviceLocks = async (ctx: AppContext): Promise<TServiceListResponse> => {
  const [whole, networks] = await Promise.all([listServiceLocks(ctx.db), listNetworkLocks(ctx.db)]);
  return [
    ...whole.map((lock) => ({ ...lock, updatedAt: lock.updatedAt.toISOString() })),
    ...networks.flatMap((row) =>
      NETWORK_SERVICE_TYPES.map((serviceType) => ({
        id: `${row.network}:${serviceType}`,
        serviceName: row.network,
        serviceType,
        serviceStatus: serviceType === 'data' ? row.dataOpen : row.airtimeOpen,
        updatedAt: row.updatedAt?.toISOString() ?? null,
      })),
    ),
  ];
};

/**
 * GET /services: the locks a customer meets, read-only, so a buy screen says a service is paused
 * before the form is filled in. A service with no row is open.
 */
export const serviceStatus = async (ctx: AppContext): Promise<TServiceStatusResponse> => {
  const [whole, networks] = await Promise.all([listServiceLocks(ctx.db), listNetworkLocks(ctx.db)]);
  return {
    services: SERVICE_NAMES.map((name) => ({
      name,
      isOpen: whole.find((lock) => lock.serviceName === name)?.serviceStatus ?? true,
    })),
    networks: networks.map((row) => ({
      network: row.network as TNetwork,
      data: row.dataOpen,
      airtime: row.airtimeOpen,
    })),
  };
};

/** POST /admin/ussd: a new code, or a change to one (with its id); answers every code. */
export const saveUssdCode = async (
  ctx: AppContext,
  actor: UserRow,
  { id, ...values }: z.output<typeof ZUssdCodeRequest>,
) => {
  await inTransaction(ctx.db, async (tx) => {
    if (id) {
      const before = await updateUssdCode(tx, id, values);
      if (!before) throw new AppError('NOT_FOUND', { msg: 'USSD code not found' });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'ussd.update',
        targetType: 'ussd_code',
        targetId: String(id),
        before: { category: before.category, label: before.label, code: before.code },
        after: values,
      });
    } else {
      const newId = await insertUssdCode(tx, values);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'ussd.add',
        targetType: 'ussd_code',
        targetId: String(newId),
        after: values,
      });
    }
  });
  return { msg: 'USSD codes updated', ussdCodes: await listUssdCodes(ctx.db) };
};
