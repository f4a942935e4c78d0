import { describe, expect, it } from 'vitest';
import { isUuid, newReference } from './ids.ts';

describe('newReference', () => {
  it('is the prefix, the date as YYMMDD and 12 random hex digits', () => {
    const reference = newReference('VND', new Date('2026-11-22T10:00:00Z'));
    expect(reference).toMatch(/^VND261122[0-9A-F]{12}$/);
  });

  it('does not repeat, and uses every hex digit in every position', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i += 1) seen.add(newReference('T').slice(-12));
    expect(seen.size).toBe(10_000);
    for (let position = 0; position < 12; position += 1) {
      const digits = new Set([...seen].map((random) => random[position]));
      expect(digits.size).toBe(16);
    }
  });
});

describe('isUuid', () => {
  it('takes canonical UUIDs only', () => {
    expect(isUuid('3f2504e0-4f89-41d3-9a0c-0305e82c3301')).toBe(true);
    expect(isUuid('3f2504e0')).toBe(false);
    expect(isUuid(42)).toBe(false);
  });
});
