import { AsyncLocalStorage } from 'node:async_hooks';
import type { DbOrTx } from '../db/client.ts';
import { markActed, type KeyClaim } from './idempotency.repository.ts';

/**
 * The Idempotency-Key claim of the request being served, for the code below it: idempotent()
 * runs the route inside it, and inTransaction (db/retry.ts) marks the key acted on in each
 * transaction the request commits, so a retry after a crash knows whether anything happened.
 */
const scope = new AsyncLocalStorage<KeyClaim>();

export const runWithClaim = <T>(claim: KeyClaim, work: () => T): T => scope.run(claim, work);

/** The claim of the request this code serves, if it came with a key. */
export const currentClaim = (): KeyClaim | undefined => scope.getStore();

/**
 * Before a money write that is one statement of its own (not in a transaction, which marks it
 * itself): records that the request with a key acts, so it is never run again for that key; a
 * request whose key a retry took over is refused here, before it moves anything.
 */
export const markRequestActing = async (db: DbOrTx): Promise<void> => {
  const claim = currentClaim();
  if (claim) await markActed(db, claim);
};

/**
 * Runs `work` outside the request's key claim: for background work a request starts and does
 * not wait for (a bulk purchase's lines), whose writes are not that request's acts.
 */
export const outsideRequest = <T>(work: () => T): T => scope.exit(work);
