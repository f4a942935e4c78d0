import { z } from '../zod.ts';
import { ERROR_STATUS, type ErrorCode } from '../errors.ts';

/** Pieces every answer schema uses. Amounts on the wire are naira; inside the server, kobo. */

/** A naira amount as the API answers it: a number with at most two decimals. */
export const ZNaira = z
  .number()
  .describe('Naira, at most two decimals (integer kobo in the server)');

/** Our record ids are uuids: 8-4-4-4-12 hex digits, any version (as the server's isUuid). */
const RECORD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One of our record ids in a request (path, query or body). A malformed one names no record, so
 * it is refused with `message` where it enters rather than reaching a uuid column.
 */
export const zRecordId = (message: string) =>
  z.string({ error: message }).trim().regex(RECORD_ID, message);

/** A point in time as the API answers it (`Date.toISOString()`). */
export const ZIsoDateTime = z.iso.datetime().describe('ISO 8601 date and time, UTC');

/** The plainest answer: a message for people. */
export const ZMsgResponse = z.object({ msg: z.string().describe('Message for people') });
export type TMsgResponse = z.infer<typeof ZMsgResponse>;

export const ZErrorCode = z
  .enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]])
  .describe('Machine-readable error code; each maps to one HTTP status (shared/errors.ts)');

/** The body of every failed call: clients branch on `code`, people read `msg`. */
export const ZApiError = z
  .object({ msg: z.string().describe('Message for people'), code: ZErrorCode })
  .describe('Error answer of every failed call');
export type TApiError = z.infer<typeof ZApiError>;
