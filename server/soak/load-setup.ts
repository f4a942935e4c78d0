import { NETWORKS, type TNetwork, type TSupplier } from '@vendo/shared/constants';
import type { Answer, Client } from './client.ts';
import type { Recorder } from './recorder.ts';

export type SoakUser = { userName: string; token: string; balanceKobo: number };

export type World = {
  adminToken: string;
  users: SoakUser[];
  /** Our plan ids per network, as the public price list shows them. */
  plans: Record<TNetwork, string[]>;
};

/** Which sandbox supplier serves each network: both are used, each with its own 3333 delay. */
export const NETWORK_SUPPLIERS: Record<TNetwork, TSupplier> = {
  MTN: 'ALARO',
  GLO: 'GLAD',
  AIRTEL: 'GLAD',
  '9MOBILE': 'ALARO',
};

export const SOAK_PASSWORD = 'Soak#2026';

const expectOk = (answer: Answer, what: string) => {
  if (answer.status === null || answer.status >= 300) {
    throw new Error(`${what}: ${answer.label} ${JSON.stringify(answer.body)}`);
  }
  return answer;
};

/** Naira on the wire → kobo. */
export const koboOf = (naira: unknown): number | null =>
  typeof naira === 'number' && Number.isFinite(naira) ? Math.round(naira * 100) : null;

/**
 * Before the chaos starts: the admin signs in and spreads the networks over both suppliers;
 * `count` users register, get ₦150,000 from the house by transfer and a ₦20,000 coupon each.
 */
export const setUpWorld = async ({
  client,
  recorder,
  count,
  stamp,
}: {
  client: Client;
  recorder: Recorder;
  count: number;
  stamp: string;
}): Promise<World> => {
  const call = async (c: Parameters<Client['once']>[0]) => expectOk(await client.once(c), c.kind);
  const login = await call({
    kind: 'login',
    method: 'POST',
    path: '/api/v1/auth/login',
    body: { userName: 'demo_admin', password: 'Admin#2026' },
  });
  const adminToken = String(login.body.token);
  for (const network of NETWORKS) {
    await call({
      kind: 'admin-setup',
      method: 'POST',
      path: '/api/v1/admin/supplier',
      token: adminToken,
      body: { network, supplierName: NETWORK_SUPPLIERS[network] },
    });
  }
  const prices = await call({ kind: 'read', method: 'GET', path: '/api/v1/prices' });
  const plans = Object.fromEntries(NETWORKS.map((n) => [n, [] as string[]])) as Record<
    TNetwork,
    string[]
  >;
  for (const row of prices.body as { id: string; plan_network: TNetwork }[]) {
    plans[row.plan_network]?.push(row.id);
  }

  const users: SoakUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const userName = `soak_${stamp}_${i}`;
    const registered = await call({
      kind: 'register',
      method: 'POST',
      path: '/api/v1/auth/register',
      body: {
        userName,
        email: `${userName}@soak.example`,
        phoneNumber: `070${String(i).padStart(8, '0')}`,
        password: SOAK_PASSWORD,
        passwordCheck: SOAK_PASSWORD,
      },
    });
    recorder.ack({ what: 'user', userName });
    users.push({ userName, token: String(registered.body.token), balanceKobo: 0 });
  }
  for (const user of users) {
    const funded = await call({
      kind: 'fund',
      method: 'POST',
      path: '/api/v1/auth/transferFund',
      token: adminToken,
      body: { userName: user.userName, amount: 150_000 },
    });
    recorder.ack({
      what: 'transfer',
      id: String(funded.body.receipt?._id),
      reference: String(funded.body.receipt?.trans_Id),
    });
    const coupon = await call({
      kind: 'coupon-issue',
      method: 'POST',
      path: '/api/v1/admin/generateCoupon',
      token: adminToken,
      body: { userAccount: user.userName, amount: 20_000 },
    });
    const code = String(coupon.body.couponCode);
    recorder.ack({ what: 'coupon-issued', code, userName: user.userName });
    const redeemed = await call({
      kind: 'coupon-redeem',
      method: 'POST',
      path: '/api/v1/fundWallet/coupon',
      token: user.token,
      body: { userName: user.userName, coupon: code },
    });
    recorder.ack({ what: 'coupon-redeemed', code, userName: user.userName });
    user.balanceKobo = koboOf(redeemed.body.balance) ?? 0;
  }
  return { adminToken, users, plans };
};
