import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Request, Response } from 'express';
import type { AppContext } from '../app-context.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError, isAppError } from '../lib/app-error.ts';

export type HandlerResult = { status: number; body: unknown };

const WAIT_MS = 30_000;

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );

/**
 * Runs a money-moving handler under the request's Idempotency-Key (if it sent one): the first
 * request with a key runs; a repeat with the same body gets the first answer (waiting for it if
 * it is still running); a repeat with a different body is refused with 422. Keys are per user.
 * Definite answers (success or a 4xx) are kept; an unexpected error frees the key for a retry.
 */
export const withIdempotency = async (
  ctx: AppContext,
  req: Request,
  res: Response,
  { userId, route }: { userId: string; route: string },
  handler: () => Promise<HandlerResult>,
): Promise<void> => {
  const key = req.get('idempotency-key');
  if (!key) {
    const result = await handler();
    res.status(result.status).json(result.body);
    return;
  }
  if (!/^[\w-]{8,100}$/.test(key)) {
    throw new AppError('VALIDATION_ERROR', {
      msg: 'Idempotency-Key must be 8 to 100 letters, digits, - or _',
    });
  }
  const requestHash = createHash('sha256')
    .update(`${route}\n${canonical(req.body)}`)
    .digest('hex');
  const claimed = await ctx.db
    .insert(idempotencyKeys)
    .values({ userId, key, route, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

  if (claimed.length === 0) {
    const stored = await waitForStored(ctx, userId, key);
    if (stored.requestHash !== requestHash) {
      throw new AppError('IDEMPOTENCY_MISMATCH', {
        msg: 'This Idempotency-Key was already used with a different request',
      });
    }
    if (stored.responseStatus === null) {
      throw new AppError('CONFLICT', {
        msg: 'A request with this Idempotency-Key is still being processed',
      });
    }
    res.set('Idempotent-Replayed', 'true');
    res.status(stored.responseStatus).json(stored.responseBody);
    return;
  }

  let result: HandlerResult;
  try {
    result = await handler();
  } catch (error) {
    if (isAppError(error)) {
      result = { status: error.status, body: { msg: error.message, code: error.code } };
    } else {
      await ctx.db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      throw error;
    }
  }
  await ctx.db
    .update(idempotencyKeys)
    .set({ responseStatus: result.status, responseBody: result.body, completedAt: sql`now()` })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  res.status(result.status).json(result.body);
};

const waitForStored = async (ctx: AppContext, userId: string, key: string) => {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [row] = await ctx.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!row)
      throw new AppError('CONFLICT', {
        msg: 'The earlier request with this Idempotency-Key failed; retry it',
      });
    if (row.responseStatus !== null || Date.now() > deadline) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
