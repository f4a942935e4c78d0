import { NETWORKS, PLAN_LIST_KEYS } from '@vendo/shared/constants';
import { describe, expect, it } from 'vitest';
import { buildPlan, buildSession } from '@/test/factories';
import { plansSlice, PLAN_LISTS } from '../slices/plans.slice';
import { sessionStarted } from '../slices/auth.slice';

describe('plans slice', () => {
  it('knows the networks and plan-list keys of the shared constants, in their order', () => {
    expect(PLAN_LISTS.map(([network]) => network)).toEqual([...NETWORKS]);
    expect(Object.fromEntries(PLAN_LISTS)).toEqual(PLAN_LIST_KEYS);
  });

  it('selects the first network with plans, and its first plan, after login (spec §4)', () => {
    const session = buildSession({
      subscriptionPlans: {
        MTN: [],
        GLO: [],
        AIRTEL: [],
        NMOBILE: [buildPlan({ id: '39', plan_network: '9MOBILE' })],
      },
    });
    const state = plansSlice.reducer(undefined, sessionStarted(session));
    expect(state).toMatchObject({ selectedNetwork: '9MOBILE', selectedPlanId: '39' });
  });
});
