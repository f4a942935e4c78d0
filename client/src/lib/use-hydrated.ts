import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False on the server and while the browser attaches to the server's markup (hydration,
 * decision 0022), true from then on, and at once in a page the browser draws itself. A form
 * keeps its submit button disabled until then: before the scripts attach, a press would submit
 * the form the browser's way (a GET with the password in the address).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
