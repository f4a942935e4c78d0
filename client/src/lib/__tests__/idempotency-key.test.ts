import { describe, expect, it } from 'vitest';
import { isUncertainMove } from '../api-error';
import { newIdempotencyKey } from '../idempotency-key';

const answered = (status: number | null) => ({ status, msg: null, code: null });

describe('isUncertainMove', () => {
  it('keeps the key after no answer, a server error, or 409 (the first is still running)', () => {
    expect(isUncertainMove(new Error('offline'))).toBe(true);
    expect(isUncertainMove(answered(null))).toBe(true);
    expect(isUncertainMove(answered(502))).toBe(true);
    expect(isUncertainMove(answered(409))).toBe(true);
  });

  it('starts a new attempt after a definite refusal', () => {
    expect(isUncertainMove(answered(400))).toBe(false);
    expect(isUncertainMove(answered(422))).toBe(false);
    expect(isUncertainMove(answered(403))).toBe(false);
  });
});

describe('newIdempotencyKey', () => {
  it('is a fresh UUID each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
