import type { UserRow } from './db/schema/index.ts';

declare global {
  namespace Express {
    interface Request {
      /** Set by the request-id middleware. */
      id: string;
      /** Set by authenticate(): the caller, fresh from the database. */
      user?: UserRow;
    }
  }
}

export {};
