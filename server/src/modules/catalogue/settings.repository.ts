import { asc, eq, sql } from 'drizzle-orm';
import type { TNetwork, TSupplier } from '@vendo/shared/constants';
import type { DbOrTx } from '../../db/client.ts';
import { byNetwork } from './catalogue.repository.ts';
import { networkSettings, services, ussdCodes } from '../../db/schema/index.ts';

/** Which supplier serves each network, services' locks and USSD codes: admin settings. */

const supplierColumns = {
  network: networkSettings.network,
  supplierName: networkSettings.supplierName,
  dataSuppliers: networkSettings.dataSuppliers,
  airtimeSuppliers: networkSettings.airtimeSuppliers,
};

export type NetworkSuppliers = {
  network: string;
  supplierName: string;
  dataSuppliers: string[] | null;
  airtimeSuppliers: string[] | null;
};

export const listNetworkSuppliers = (db: DbOrTx): Promise<NetworkSuppliers[]> =>
  db.select(supplierColumns).from(networkSettings).orderBy(byNetwork(networkSettings.network));

/**
 * Sets a network's supplier and its products' lists (a list null: the supplier alone); answers
 * them as they were, or null when the network has no row.
 */
export const setNetworkSuppliers = async (
  db: DbOrTx,
  network: TNetwork,
  set: {
    supplierName?: TSupplier;
    dataSuppliers?: TSupplier[] | null;
    airtimeSuppliers?: TSupplier[] | null;
  },
): Promise<NetworkSuppliers | null> => {
  const [before] = await db
    .select(supplierColumns)
    .from(networkSettings)
    .where(eq(networkSettings.network, network))
    .for('update');
  if (!before) return null;
  await db
    .update(networkSettings)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(networkSettings.network, network));
  return before;
};

export const listServiceLocks = (db: DbOrTx) =>
  db.select().from(services).orderBy(asc(services.serviceName));

/** Locks (false) or opens (true) a service; its status before, or null for an unknown one. */
export const setServiceStatus = async (
  db: DbOrTx,
  serviceName: string,
  serviceStatus: boolean,
): Promise<boolean | null> => {
  const [before] = await db
    .select({ status: services.serviceStatus })
    .from(services)
    .where(eq(services.serviceName, serviceName))
    .for('update');
  if (!before) return null;
  await db
    .update(services)
    .set({ serviceStatus, updatedAt: sql`now()` })
    .where(eq(services.serviceName, serviceName));
  return before.status;
};

/** Each network's data and airtime locks, in network order. */
export const listNetworkLocks = (db: DbOrTx) =>
  db
    .select({
      network: networkSettings.network,
      dataOpen: networkSettings.dataOpen,
      airtimeOpen: networkSettings.airtimeOpen,
      updatedAt: networkSettings.locksUpdatedAt,
    })
    .from(networkSettings)
    .orderBy(byNetwork(networkSettings.network));

/**
 * Locks (false) or opens (true) one network's data or airtime; its status before, or null when
 * the network has no row.
 */
export const setNetworkServiceStatus = async (
  db: DbOrTx,
  network: TNetwork,
  serviceType: 'data' | 'airtime',
  open: boolean,
): Promise<boolean | null> => {
  const column = serviceType === 'data' ? networkSettings.dataOpen : networkSettings.airtimeOpen;
  const [before] = await db
    .select({ open: column })
    .from(networkSettings)
    .where(eq(networkSettings.network, network))
    .for('update');
  if (!before) return null;
  await db
    .update(networkSettings)
    .set({
      ...(serviceType === 'data' ? { dataOpen: open } : { airtimeOpen: open }),
      locksUpdatedAt: sql`now()`,
    })
    .where(eq(networkSettings.network, network));
  return before.open;
};

export const listUssdCodes = (db: DbOrTx) =>
  db.select().from(ussdCodes).orderBy(asc(ussdCodes.category), asc(ussdCodes.sortOrder));

export type UssdCodeInput = Pick<typeof ussdCodes.$inferInsert, 'category' | 'label' | 'code'>;

/** Changes a USSD code; the row before, or null when there is no such code. */
export const updateUssdCode = async (db: DbOrTx, id: number, values: UssdCodeInput) => {
  const [before] = await db.select().from(ussdCodes).where(eq(ussdCodes.id, id)).for('update');
  if (!before) return null;
  await db.update(ussdCodes).set(values).where(eq(ussdCodes.id, id));
  return before;
};

export const insertUssdCode = async (db: DbOrTx, values: UssdCodeInput): Promise<number> => {
  const [row] = await db.insert(ussdCodes).values(values).returning({ id: ussdCodes.id });
  return row!.id;
};
