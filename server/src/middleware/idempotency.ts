import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Request, RequestHandler } from 'express';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../lib/app-error.ts';
import {
  claimIdempotencyKey,
  findIdempotencyKey,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
} from '../lib/idempotency.repository.ts';
import { runWithClaim } from '../lib/idempotency-scope.ts';
import { currentUser } from './auth.ts';

/** 1 to 255 printable ASCII characters, not starting or ending with a space. */
const KEY_PATTERN = /^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/;

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : v,
  );

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const bodyOf = (req: Request): Record<string, unknown> | undefined => {
  const body: unknown = req.body;
  return isRecord(body) ? body : undefined;
};

/**
 * The request's key: the Idempotency-Key header or the body's `request_id` (one namespace: either
 * names the request, and both may be sent only with the same value). Undefined when neither is.
 */
const keyOf = (req: Request): string | undefined => {
  const header = req.get('idempotency-key');
  const field = bodyOf(req)?.request_id;
  if (header !== undefined && !KEY_PATTERN.test(header)) {
    throw new AppError('VALIDATION_ERROR', {
      msg: 'Idempotency-Key must be 1 to 255 printable characters',
    });
  }
  if (
    field !== undefined &&
    field !== null &&
    (typeof field !== 'string' || !KEY_PATTERN.test(field))
  ) {
    throw new AppError('VALIDATION_ERROR', {
      msg: 'request_id must be 1 to 255 printable characters',
    });
  }
  if (header !== undefined && typeof field === 'string' && header !== field) {
    throw new AppError('VALIDATION_ERROR', {
      msg: 'Idempotency-Key and request_id must be the same when both are sent',
    });
  }
  return header ?? (typeof field === 'string' ? field : undefined);
};

/**
 * The request's fingerprint: method, path and the body in canonical JSON (keys sorted) without
 * request_id, so a retry that names its key in the header instead of the body still matches.
 */
const fingerprintOf = (req: Request): { route: string; hash: string } => {
  const route = `${req.method} ${req.originalUrl.split('?')[0] ?? ''}`;
  const { request_id: _ignored, ...body } = bodyOf(req) ?? {};
  return {
    route,
    hash: createHash('sha256')
      .update(`${route}\n${canonical(body)}`)
      .digest('hex'),
  };
};

/**
 * An answer that is no result of the operation: validation refused the request before anything
 * ran (every VALIDATION_ERROR on these routes is raised before their first write), so, as with
 * Stripe, the key is not spent on it and the corrected request may use it.
 */
const refusedBeforeRunning = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  (body as { code?: unknown }).code === 'VALIDATION_ERROR';

/** An answer as a replay sends it. */
export type StoredAnswer = { status: number; body: unknown };

/** An answer with its receipt's PINs left out (what is stored of a secret answer). */
const withoutReceiptPins = (body: unknown): unknown => {
  if (!isRecord(body) || !isRecord(body.receipt) || !('pins' in body.receipt)) return body;
  const { pins: _pins, ...receipt } = body.receipt;
  return { ...body, receipt };
};

/**
 * Retries storing an answer (or freeing a key) while the database is out of reach: every 1, 2,
 * 4 … 30 s for up to 10 minutes, then gives up with an error in the log (the key then answers
 * 409, or is rebuilt by the route's recover).
 */
const keepTrying = async (ctx: AppContext, keep: () => Promise<void>, requestId: string) => {
  const deadline = Date.now() + 600_000;
  for (let pauseMs = 1000; Date.now() < deadline; pauseMs = Math.min(30_000, pauseMs * 2)) {
    await sleep(pauseMs);
    try {
      await keep();
      return;
    } catch {
      // still away: try again after a longer pause
    }
  }
  ctx.logger.error('idempotency key not updated', { requestId });
};

/**
 * Idempotency for every route that moves money (docs/decisions/0018), placed after authenticate
 * and before the body is validated. With an Idempotency-Key header or a `request_id` field:
 *
 * - the first request claims the key (its own short statement, before anything runs) and runs;
 *   its final answer (2xx or 4xx) is stored before it is sent; a 5xx, or a refusal of the request
 *   itself (VALIDATION_ERROR), frees the key so a retry (a corrected one) runs, unless one of its
 *   transactions committed (each marks the key acted on): that request is never run again;
 * - a key left in progress by a request cut off (a killed process) before it acted is taken over
 *   by the same request once PROCESSING_GRACE_SECONDS have passed; cut off after it acted, the
 *   retry gets 409 saying so;
 * - the same key and the same request again: the stored answer, with `Idempotent-Replayed: true`;
 * - the same key with another request (method, path or body): 422;
 * - the same key while the first is still running: 409, nothing runs.
 *
 * Keys are per user and kept IDEMPOTENCY_KEY_HOURS (≥ 24). Without a key the route runs as is.
 */
export const idempotent =
  (
    ctx: AppContext,
    {
      recover,
      secretAnswer = false,
    }: {
      /**
       * The answer of a request that acted but whose answer was lost (a crash, a database
       * outage between its commit and the storing of its answer), rebuilt from what it left in
       * the database; null when it cannot be. Without it such a retry gets 409.
       */
      recover?: (req: Request, found: { key: string }) => Promise<StoredAnswer | null>;
      /** The answer carries a receipt's PINs: never stored; replays are rebuilt (see Route). */
      secretAnswer?: boolean;
    } = {},
  ): RequestHandler =>
  async (req, res, next) => {
    const key = keyOf(req);
    if (key === undefined) {
      next();
      return;
    }
    const userId = currentUser(req).id;
    const { route, hash } = fingerprintOf(req);
    const claim = await claimIdempotencyKey(ctx.db, {
      userId,
      key,
      route,
      requestHash: hash,
      keepHours: ctx.config.idempotencyKeyHours,
      staleSeconds: ctx.config.vending.processingGraceSeconds,
    });
    if (!claim) {
      const stored = await findIdempotencyKey(ctx.db, {
        userId,
        key,
        staleSeconds: ctx.config.vending.processingGraceSeconds,
      });
      if (stored && stored.requestHash !== hash) {
        throw new AppError('IDEMPOTENCY_MISMATCH', {
          msg: 'This key was already used with a different request',
        });
      }
      // Cut off after it acted (a crash, a database outage): it is never run again; its answer
      // is rebuilt where the route can, else the caller finds the result in their history.
      if (stored?.responseStatus === null && stored.actedAt !== null && stored.stale) {
        const rebuilt = await recover?.(req, { key });
        if (rebuilt) {
          // Rebuilt from the database, not the stored answer: it tells the request's state now.
          res.set('Idempotent-Replayed', 'true');
          res.set('Idempotent-Rebuilt', 'true');
          res.status(rebuilt.status).json(rebuilt.body);
          return;
        }
        throw new AppError('CONFLICT', {
          msg: 'A request with this key was carried out but its answer was lost; find its result in your transaction history',
        });
      }
      // Still running (or freed by its 5xx a moment ago): the caller should retry later.
      if (!stored || stored.responseStatus === null) {
        throw new AppError('CONFLICT', { msg: 'A request with this key is in progress' });
      }
      const rebuilt = secretAnswer ? await recover?.(req, { key }) : null;
      res.set('Idempotent-Replayed', 'true');
      if (rebuilt) {
        res.status(rebuilt.status).json(rebuilt.body);
        return;
      }
      res.status(stored.responseStatus).json(stored.responseBody);
      return;
    }

    req.idempotencyKey = key;
    const send = res.json.bind(res);
    let answered = false;
    res.json = ((body: unknown) => {
      if (answered) return send(body);
      answered = true;
      const status = res.statusCode;
      const keep = () =>
        status >= 500 || refusedBeforeRunning(body)
          ? releaseIdempotencyKey(ctx.db, claim)
          : storeIdempotentAnswer(ctx.db, {
              ...claim,
              status,
              body: secretAnswer ? withoutReceiptPins(body) : body,
            });
      void (async () => {
        try {
          await keep();
        } catch (error) {
          // The database went away after the request acted: answer now, keep trying to store
          // the answer (or free the key) in the background so a later replay gets it.
          ctx.logger.warn('idempotency key not updated yet; retrying', {
            requestId: req.id,
            error: String(error),
          });
          void keepTrying(ctx, keep, String(req.id));
        }
        send(body);
      })();
      return res;
    }) as typeof res.json;
    // The route runs inside the claim: each transaction it commits marks the key acted on.
    runWithClaim(claim, next);
  };
