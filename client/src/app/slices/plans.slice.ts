import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { NETWORKS, PLAN_LIST_KEYS, type TNetwork } from '@vendo/shared/constants';
import type { TSubscriptionPlans } from '@vendo/shared/types/api';
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

// Spec §4: after login the first plan's network and plan are selected.
const withPlans = (lists: TSubscriptionPlans): TPlansState => {
  const network = NETWORKS.find((n) => lists[PLAN_LIST_KEYS[n]].length > 0) ?? 'MTN';
  return {
    lists,
    selectedNetwork: network,
    selectedPlanId: lists[PLAN_LIST_KEYS[network]][0]?.id ?? null,
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
