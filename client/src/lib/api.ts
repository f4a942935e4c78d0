import { createApi } from '@reduxjs/toolkit/query/react';
import { axiosBaseQuery } from './http-client';
import { registerStoreModule } from './store-modules';

/**
 * The single RTK Query API. It has no endpoints of its own: each feature injects its calls
 * (features/<feature>/api/*.api.ts), so a route's calls load with the route's chunk. This module
 * is only reached from lazy chunks; it plugs its reducer and middleware into the store on load.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
  tagTypes: ['Prices', 'Site', 'Contacts'],
  endpoints: () => ({}),
});

registerStoreModule({
  reducerPath: api.reducerPath,
  reducer: api.reducer,
  middleware: api.middleware,
  resetAction: api.util.resetApiState,
});
