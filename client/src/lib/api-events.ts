import { createAction } from '@reduxjs/toolkit';
import type { TTransaction } from '@vendo/shared/schemas/transaction';

/**
 * Events the API layer reports to the store. They live here, not in a slice, so lib/ never
 * depends on app/; the auth and ui slices react to them.
 */

export const DEFAULT_LOADING_TEXT = 'Loading...';

/** A call began; the overlay shows `payload` as its text. */
export const apiCallStarted = createAction<string>('api/callStarted');

/** A call finished, whether it succeeded or not. */
export const apiCallEnded = createAction('api/callEnded');

/** The server answered 401 to a call sent with `token` (null when none was sent). */
export const apiUnauthorized = createAction<{ token: string | null }>('api/unauthorized');

/**
 * A purchase answered (success, pending or refunded) with the wallet's new balance in naira and
 * its receipt. Here rather than in the slices so purchase chunks do not pull the slices apart
 * from the landing bundle.
 */
export const purchaseAnswered = createAction<{ balance: number; receipt: TTransaction | null }>(
  'api/purchaseAnswered',
);
