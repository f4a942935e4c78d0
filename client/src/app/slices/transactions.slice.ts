import { createSlice } from '@reduxjs/toolkit';
import type { TTransaction } from '@vendo/shared/schemas/transaction';
import { apiUnauthorized, purchaseAnswered } from '@/lib/api-events';
import { loggedOut, profileLoaded, sessionStarted } from './auth.slice';

/** The recent transactions that come with the session; the full list is a paged query. */
export type TTransactionsState = { recent: TTransaction[] };

const empty: TTransactionsState = { recent: [] };

export const transactionsSlice = createSlice({
  name: 'transactions',
  initialState: empty,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionStarted, (_state, { payload }) => ({ recent: payload.transactions }))
      .addCase(profileLoaded, (_state, { payload }) => ({ recent: payload.transactions }))
      // A purchase receipt goes first (spec §4).
      .addCase(purchaseAnswered, (state, { payload }) => {
        if (payload.receipt) state.recent.unshift(payload.receipt);
      })
      .addCase(loggedOut, () => empty)
      .addCase(apiUnauthorized, () => empty);
  },
});
