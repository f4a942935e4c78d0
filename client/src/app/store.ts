import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { api } from '@/lib/api';
import { authSlice } from '@/lib/auth.slice';
import { storeSession } from '@/lib/session-storage';
import { onStoreModule, storeModuleLoaded, type TStoreModule } from '@/lib/store-modules';
import { uiSlice } from '@/lib/ui.slice';

// Client state only: the session and the loading overlay. Server data (balance, plans,
// transactions …) lives in the RTK Query slice ('api'), injected when lib/api.ts loads (see
// lib/store-modules.ts).
export const rootReducer = combineSlices(authSlice, uiSlice).withLazyLoadedSlices<
  WithSlice<typeof api>
>();

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
