import { createAction, type Middleware, type Reducer, type UnknownAction } from '@reduxjs/toolkit';

/**
 * Code that is loaded on demand (RTK Query and axios, ~45 KB gzipped) plugs itself into the
 * store here, so the landing page's bundle does not carry it. lib/ never imports app/: the store
 * subscribes to this registry instead.
 */
export type TStoreModule = {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
  /** Dispatched when the session ends, so one user's cached data never shows to the next. */
  resetAction?: () => UnknownAction;
};

/** Dispatched once a module's reducer is in, so its initial state exists before first use. */
export const storeModuleLoaded = createAction<string>('store/moduleLoaded');

const modules: TStoreModule[] = [];
const subscribers = new Set<(module: TStoreModule) => void>();

export const registerStoreModule = (module: TStoreModule): void => {
  modules.push(module);
  subscribers.forEach((subscriber) => subscriber(module));
};

/** Calls `subscriber` for every module already registered and every one registered later. */
export const onStoreModule = (subscriber: (module: TStoreModule) => void): (() => void) => {
  modules.forEach(subscriber);
  subscribers.add(subscriber);
  return () => subscribers.delete(subscriber);
};
