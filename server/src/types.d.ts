import type { UserRow } from './db/schema/index.ts';

declare global {
  namespace Express {
    interface Request {
      /** Set by the request-id middleware. */
      id: string;
      /** Set by authenticate(): the caller, fresh from the database. */
      user?: UserRow;
      /** Set by authenticate() when the caller used an API token (its id), not a session. */
      apiTokenId?: string;
      /** Set by idempotent(): the request's Idempotency-Key or request_id, when it sent one. */
      idempotencyKey?: string;
    }
  }
}

export {};
