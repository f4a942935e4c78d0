import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TTransaction } from '@vendo/shared/types/api';
import { apiUnauthorized } from '@/lib/api-events';
import { loggedOut, profileLoaded, sessionStarted } from './auth.slice';

/** The recent transactions that come with the session; the full list is a paged query. */
export type TTransactionsState = { recent: TTransaction[] };

const empty: TTransactionsState = { recent: [] };

export const transactionsSlice = createSlice({
  name: 'transactions',
  initialState: empty,
  reducers: {
    /** A purchase receipt goes first (spec §4). */
    receiptAdded: (state, { payload }: PayloadAction<TTransaction>) => {
      state.recent.unshift(payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionStarted, (_state, { payload }) => ({ recent: payload.transactions }))
      .addCase(profileLoaded, (_state, { payload }) => ({ recent: payload.transactions }))
      .addCase(loggedOut, () => empty)
      .addCase(apiUnauthorized, () => empty);
  },
});

export const { receiptAdded } = transactionsSlice.actions;
