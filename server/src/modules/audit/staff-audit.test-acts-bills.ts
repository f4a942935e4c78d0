import { admin, agent, send, type StaffAct } from './staff-audit.test-helpers.ts';

/** The bills catalogue's staff acts (bouquets, exam PINs, locks, suppliers), as ACTS lists them. */

let seq = 0;
const addBouquet = async (): Promise<string> => {
  seq += 1;
  const res = await send(admin, 'post', '/admin/bills/products', {
    serviceId: 'startimes',
    code: `audit-${seq}`,
    name: `StarTimes Audit ${seq}`,
    costPrice: 1000,
    smartEarnerPrice: 1100,
    resellerPrice: 1070,
    apiPrice: 1050,
  });
  return res.body.product._id as string;
};

export const BILLS_ACTS: StaffAct[] = [
  {
    action: 'bills_product.add',
    route: 'post /api/v1/admin/bills/products',
    who: () => admin,
    targetType: 'bills_product',
    act: addBouquet,
  },
  {
    action: 'bills_product.update',
    route: 'patch /api/v1/admin/bills/products/{id}',
    who: () => admin,
    targetType: 'bills_product',
    act: async (who) => {
      const id = await addBouquet();
      await send(who, 'patch', `/admin/bills/products/${id}`, { isAvailable: false });
      return id;
    },
  },
  ...[() => admin, () => agent].map((who): StaffAct => ({
    action: 'bills_product.price',
    route: 'post /api/v1/admin/bills/products/{id}/price',
    who,
    targetType: 'bills_product',
    act: async (staff) => {
      const id = await addBouquet();
      await send(staff, 'post', `/admin/bills/products/${id}/price`, { smartEarnerPrice: 1200 });
      return id;
    },
  })),
  {
    action: 'bills_product.delete',
    route: 'delete /api/v1/admin/bills/products/{id}',
    who: () => admin,
    targetType: 'bills_product',
    act: async (who) => {
      const id = await addBouquet();
      await send(who, 'delete', `/admin/bills/products/${id}`);
      return id;
    },
  },
  {
    action: 'bills_service.status',
    route: 'post /api/v1/admin/bills/serviceStatus',
    who: () => admin,
    targetType: 'bills_service',
    act: async (who) => {
      await send(who, 'post', '/admin/bills/serviceStatus', { serviceId: 'nabteb', isOpen: false });
      await send(who, 'post', '/admin/bills/serviceStatus', { serviceId: 'nabteb', isOpen: true });
      return 'nabteb';
    },
  },
  {
    action: 'bills_service.supplier',
    route: 'post /api/v1/admin/bills/supplier',
    who: () => admin,
    targetType: 'bills_service',
    act: async (who) => {
      await send(who, 'post', '/admin/bills/supplier', {
        serviceId: 'showmax',
        supplierName: 'VTPASS',
      });
      return 'showmax';
    },
  },
];
