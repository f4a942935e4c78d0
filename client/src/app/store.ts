import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { api } from '@/lib/api';
import { storeSession } from '@/lib/session-storage';
import { onStoreModule, storeModuleLoaded, type TStoreModule } from '@/lib/store-modules';
import { adminSlice } from './slices/admin.slice';
import { authSlice } from './slices/auth.slice';
import { plansSlice } from './slices/plans.slice';
import { transactionsSlice } from './slices/transactions.slice';
import { uiSlice } from './slices/ui.slice';

// The RTK Query slice ('api') is injected when lib/api.ts loads (see lib/store-modules.ts).
export const rootReducer = combineSlices(
  authSlice,
  plansSlice,
  transactionsSlice,
  adminSlice,
  uiSlice,
).withLazyLoadedSlices<WithSlice<typeof api>>();

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; tests pass a preloaded state, the app uses `store` below. */
export const makeStore = (preloadedState?: Partial<RootState>) => {
  const lazyMiddleware = createDynamicMiddleware<RootState>();
  const modules: TStoreModule[] = [];

  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(lazyMiddleware.middleware),
  });

  // The session in localStorage follows the auth slice: written on login or profile refresh,
  // removed on logout or a 401. When the session ends, cached server data goes with it.
  // (A plain subscription: the listener middleware would cost the landing bundle ~2 KB.)
  let previous = store.getState().auth;
  store.subscribe(() => {
    const { auth } = store.getState();
    if (auth === previous) return;
    const ended = previous.token !== null && auth.token === null;
    previous = auth;
    storeSession(auth.token, auth.user);
    if (ended)
      modules.forEach((module) => module.resetAction && store.dispatch(module.resetAction()));
  });

  onStoreModule((module) => {
    rootReducer.inject({ reducerPath: module.reducerPath, reducer: module.reducer });
    lazyMiddleware.addMiddleware(module.middleware);
    modules.push(module);
    store.dispatch(storeModuleLoaded(module.reducerPath));
  });

  return store;
};

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

export const store = makeStore();
