import type { TManagedPlan, TPriceChange } from '@vendo/shared/schemas/catalogue-admin';
import { buildSession, buildUser, profileOf } from '@/test/factories';
import { stubHttp, type TRoute } from '@/test/http-stub';
import { renderApp } from '@/test/render-app';

/** A plan's id as the server gives them (a uuid), numbered for the test. */
export const planUuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const buildManagedPlan = (overrides: Partial<TManagedPlan> = {}): TManagedPlan => ({
  _id: planUuid(1),
  plan: '1GB',
  planType: 'SME',
  planId: '7',
  volumeRatio: 1,
  planValidity: '30 days',
  planCostPrice: 0,
  effectiveCostPrice: 250,
  smartEarnerPrice: 300,
  resellerPrice: 290,
  apiPrice: 280,
  partnerPrice: null,
  isAvailable: true,
  plan_network: 'MTN',
  margins: { smartEarner: 50, reseller: 40, api: 30 },
  ...overrides,
});

type TBody = Record<string, unknown>;

/** The managed plan the server would answer for a request body (no price-order rules here). */
const planOf = (body: TBody, _id: string): TManagedPlan => {
  const cost = Number(body.planCostPrice ?? 0) || 250 * Number(body.planVolumeRatio);
  const [se, re, api] = [body.smartEarnerPrice, body.resellerPrice, body.apiPrice].map(Number);
  return buildManagedPlan({
    _id,
    plan: String(body.planName),
    planType: String(body.planType).toUpperCase(),
    planId: String(body.planId),
    volumeRatio: Number(body.planVolumeRatio),
    planValidity: String(body.planValidity),
    planCostPrice: Number(body.planCostPrice ?? 0),
    effectiveCostPrice: cost,
    smartEarnerPrice: se!,
    resellerPrice: re!,
    apiPrice: api!,
    isAvailable: body.planAvailability !== false,
    plan_network: String(body.planNetwork).toUpperCase() as TManagedPlan['plan_network'],
    margins: { smartEarner: se! - cost, reseller: re! - cost, api: api! - cost },
  });
};

/**
 * The plan page's side of the server in a test: it keeps the plans between calls like the real
 * one, and the signed-in staff member's GET /auth. `extra` adds or overrides routes.
 */
export const openPlanPage = ({
  plans = [buildManagedPlan()],
  role = 'admin',
  extra = {},
}: {
  plans?: TManagedPlan[];
  role?: 'admin' | 'agent';
  extra?: Record<string, TRoute>;
} = {}) => {
  let list = [...plans];
  let next = 100;
  const session = buildSession({
    user: buildUser({ isAdmin: role === 'admin', isAgent: role === 'agent' }),
  });
  const requests = stubHttp({
    'GET /auth': { status: 200, data: profileOf(session) },
    'GET /dataPlan': (request) => ({
      status: 200,
      data: { plans: list.filter((p) => p.plan_network === request.params.network) },
    }),
    'POST /dataPlan/add': (request) => {
      const plan = planOf(request.body as TBody, planUuid(next++));
      list = [...list, plan];
      return { status: 201, data: { msg: 'Plan added successfully', plan } };
    },
    'PATCH /dataPlan/update': (request) => {
      const body = request.body as TBody;
      const plan = planOf(body, String(body._id));
      list = list.map((p) => (p._id === plan._id ? plan : p));
      return { status: 200, data: { msg: 'Plan updated successfully', plan } };
    },
    'DELETE /dataPlan/delete': (request) => {
      list = list.filter((p) => p._id !== request.params.planId);
      return { status: 200, data: { msg: 'Plan deleted', retired: false } };
    },
    'POST /admin/updatePrice': (request) => {
      const body = request.body as { dataId: string; newPrice: TBody; preview?: boolean };
      const plan = list.find((p) => p._id === body.dataId)!;
      const before = {
        price: plan.smartEarnerPrice,
        reseller: plan.resellerPrice,
        api: plan.apiPrice,
      };
      const after = {
        price: Number(body.newPrice.price ?? before.price),
        reseller: Number(body.newPrice.reseller ?? before.reseller),
        api: Number(body.newPrice.api ?? before.api),
      };
      const changes: TPriceChange[] = [
        {
          _id: plan._id,
          plan: plan.plan,
          planType: plan.planType,
          plan_network: plan.plan_network,
          before,
          after,
        },
      ];
      if (body.preview) {
        return { status: 200, data: { msg: '1 plan(s) would change', applied: false, changes } };
      }
      list = list.map((p) =>
        p._id === plan._id
          ? {
              ...p,
              smartEarnerPrice: after.price,
              resellerPrice: after.reseller,
              apiPrice: after.api,
            }
          : p,
      );
      return { status: 200, data: { msg: 'Price updated successfully', applied: true, changes } };
    },
    ...extra,
  });
  const view = renderApp({
    route: '/profile/updatePrice',
    session: { token: session.token, user: session.user },
  });
  return { ...view, requests };
};
