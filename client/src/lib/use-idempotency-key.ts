import { useMemo, useRef } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';

/**
 * One Idempotency-Key per money-moving attempt (purchase, transfer, coupon). Sending the same
 * body again (a retry after no answer, a double tap) reuses the key, so the server acts once;
 * `reset` after a definite answer, or when a new confirmation starts, makes the next attempt new.
 */
export const useIdempotencyKey = () => {
  const last = useRef<{ body: string; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor: (body: unknown): string => {
        const json = JSON.stringify(body);
        if (last.current?.body !== json) last.current = { body: json, key: newIdempotencyKey() };
        return last.current.key;
      },
      reset: () => {
        last.current = null;
      },
    }),
    [],
  );
};
