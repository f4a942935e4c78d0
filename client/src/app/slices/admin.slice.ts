import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { apiUnauthorized } from '@/lib/api-events';
import { loggedOut } from './auth.slice';

/**
 * Client-only state of the admin area. The admin screens come in a later issue; for now it
 * only remembers which user row is open, so the slice and its reset-on-logout are in place.
 */
export type TAdminState = { selectedUserId: string | null };

const empty: TAdminState = { selectedUserId: null };

export const adminSlice = createSlice({
  name: 'admin',
  initialState: empty,
  reducers: {
    userSelected: (state, { payload }: PayloadAction<string | null>) => {
      state.selectedUserId = payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => empty).addCase(apiUnauthorized, () => empty);
  },
});

export const { userSelected } = adminSlice.actions;
