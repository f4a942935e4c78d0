import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TNetwork } from '@vendo/shared/constants';
import type { TSubscriptionPlans } from '@vendo/shared/schemas/catalogue';
import { apiUnauthorized } from '@/lib/api-events';
import { loggedOut, profileLoaded, sessionStarted } from './auth.slice';

/** The data plans the server priced for this user, and the purchase form's selection. */
export type TPlansState = {
  lists: TSubscriptionPlans;
  selectedNetwork: TNetwork;
  /** `id` of the selected plan in the selected network's list. */
  selectedPlanId: string | null;
};

const empty: TPlansState = {
  lists: { MTN: [], GLO: [], AIRTEL: [], NMOBILE: [] },
  selectedNetwork: 'MTN',
  selectedPlanId: null,
};

/**
 * NETWORKS and PLAN_LIST_KEYS of @vendo/shared/constants, in that order. Not imported: the store
 * is in the landing bundle, and a module the landing imports is bundled there whole, so every
 * constant any screen uses (discos, rates …) would come along. A test keeps the two in step.
 */
export const PLAN_LISTS = [
  ['MTN', 'MTN'],
  ['GLO', 'GLO'],
  ['AIRTEL', 'AIRTEL'],
  ['9MOBILE', 'NMOBILE'],
] as const satisfies readonly (readonly [TNetwork, keyof TSubscriptionPlans])[];

// Spec §4: after login the first plan's network and plan are selected.
const withPlans = (lists: TSubscriptionPlans): TPlansState => {
  const [network, key] = PLAN_LISTS.find(([, k]) => lists[k].length > 0) ?? PLAN_LISTS[0];
  return {
    lists,
    selectedNetwork: network,
    selectedPlanId: lists[key][0]?.id ?? null,
  };
};

export const plansSlice = createSlice({
  name: 'plans',
  initialState: empty,
  reducers: {
    networkSelected: (state, { payload }: PayloadAction<TNetwork>) => {
      state.selectedNetwork = payload;
      state.selectedPlanId = null;
    },
    planSelected: (state, { payload }: PayloadAction<string | null>) => {
      state.selectedPlanId = payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionStarted, (_state, { payload }) => withPlans(payload.subscriptionPlans))
      .addCase(profileLoaded, (_state, { payload }) => withPlans(payload.subscriptionPlans))
      .addCase(loggedOut, () => empty)
      .addCase(apiUnauthorized, () => empty);
  },
});

export const { networkSelected, planSelected } = plansSlice.actions;
