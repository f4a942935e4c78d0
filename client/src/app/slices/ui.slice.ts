import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { apiCallEnded, apiCallStarted, DEFAULT_LOADING_TEXT } from '@/lib/api-events';

/** The loading overlay (spec §4): on while any call runs, with the latest call's text. */
export type TUiState = { loading: boolean; loadingText: string; pendingCalls: number };

const initialState: TUiState = {
  loading: false,
  loadingText: DEFAULT_LOADING_TEXT,
  pendingCalls: 0,
};

const start = (state: TUiState, text: string) => {
  state.pendingCalls += 1;
  state.loading = true;
  state.loadingText = text;
};

const end = (state: TUiState) => {
  state.pendingCalls = Math.max(0, state.pendingCalls - 1);
  state.loading = state.pendingCalls > 0;
  if (!state.loading) state.loadingText = DEFAULT_LOADING_TEXT;
};

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    loadingStarted: (state, { payload }: PayloadAction<string | undefined>) =>
      start(state, payload ?? DEFAULT_LOADING_TEXT),
    loadingEnded: end,
  },
  extraReducers: (builder) => {
    builder
      .addCase(apiCallStarted, (state, { payload }) => start(state, payload))
      .addCase(apiCallEnded, end);
  },
});

export const { loadingStarted, loadingEnded } = uiSlice.actions;
