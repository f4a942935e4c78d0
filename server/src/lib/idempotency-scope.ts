import { AsyncLocalStorage } from 'node:async_hooks';
import type { KeyClaim } from './idempotency-store.ts';

/**
 * The Idempotency-Key claim of the request being served, for the code below it: idempotent()
 * runs the route inside it, and inTransaction (db/retry.ts) marks the key acted on in each
 * transaction the request commits, so a retry after a crash knows whether anything happened.
 */
const scope = new AsyncLocalStorage<KeyClaim>();

export const runWithClaim = <T>(claim: KeyClaim, work: () => T): T => scope.run(claim, work);

/** The claim of the request this code serves, if it came with a key. */
export const currentClaim = (): KeyClaim | undefined => scope.getStore();
