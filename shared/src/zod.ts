import { config, z } from 'zod';
import { humanError } from './zod-messages.ts';

/**
 * zod for the shared schemas: import `z` from here, never from 'zod' directly (lint enforces it).
 *
 * zod compiles fast parsers with `new Function`, and probes once whether eval is allowed. The
 * server's content security policy forbids eval in the browser, so that probe would be reported
 * as a CSP violation on every page that loads a schema. `jitless` skips the probe and the
 * compiling; the setting is read when a schema is built, hence this module evaluates first.
 * On the server it costs 0–2.5 µs a parse (ZBuyDataRequest, measured with and without).
 */
config({ jitless: true });

/**
 * Every message a schema does not set itself names the field in plain English instead of the
 * library's wording ("Amount is required", not "Invalid input: expected number, received
 * undefined"): see zod-messages.ts.
 */
config({ customError: humanError });

export { z };
