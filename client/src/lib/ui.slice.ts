import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export const DEFAULT_LOADING_TEXT = 'Loading...';

/**
 * The loading overlay (docs/product-rules.md#sessions): on while any call runs, with the latest
 * call's text. The API client (lib/http-client.ts) reports each call's start and end; in lib/ so it
 * can.
 */
export type TUiState = { loading: boolean; loadingText: string; pendingCalls: number };

const initialState: TUiState = {
  loading: false,
  loadingText: DEFAULT_LOADING_TEXT,
  pendingCalls: 0,
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    /** A call began; the overlay shows `payload` as its text. */
    callStarted: (state, { payload }: PayloadAction<string>) => {
      state.pendingCalls += 1;
      state.loading = true;
      state.loadingText = payload;
    },
    /** A call finished, whether it succeeded or not. */
    callEnded: (state) => {
      state.pendingCalls = Math.max(0, state.pendingCalls - 1);
      state.loading = state.pendingCalls > 0;
      if (!state.loading) state.loadingText = DEFAULT_LOADING_TEXT;
    },
  },
});

export const { callStarted, callEnded } = uiSlice.actions;
