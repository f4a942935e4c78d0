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
      /** Set by authenticate() for a session token: its id (null on an older token) and expiry. */
      session?: { jti: string | null; exp: number };
      /** Set by idempotent(): the request's Idempotency-Key or request_id, when it sent one. */
      idempotencyKey?: string;
    }
  }
}

export {};
