import { describe, expect, it } from 'vitest';
import { basisPointsOfKobo, formatNaira, koboToNaira, nairaToKobo } from './money.ts';

describe('nairaToKobo', () => {
  it.each([
    [100, 10000],
    ['100', 10000],
    [0.5, 50],
    ['1500.05', 150005],
    [1500.1, 150010],
    [0, 0],
  ])('converts %s naira to %s kobo', (naira, kobo) => {
    expect(nairaToKobo(naira)).toBe(kobo);
  });

  it.each([
    [-1],
    [0.001],
    ['1.234'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    ['abc'],
    [''],
    [1e21],
    ['1e5'],
    [0.1 + 0.2],
  ])('refuses %s', (value) => {
    expect(() => nairaToKobo(value)).toThrow();
  });

  it('refuses amounts beyond safe integers', () => {
    expect(() => nairaToKobo('99999999999999999')).toThrow();
  });
});

describe('formatting and rates', () => {
  it('formats kobo as naira with two decimals', () => {
    expect(formatNaira(150005)).toBe('₦1,500.05');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(koboToNaira(150050)).toBe(1500.5);
    expect(() => koboToNaira(-500)).toThrow();
    expect(koboToNaira(-500, { allowNegative: true })).toBe(-5);
  });

  it('applies basis points with integer rounding', () => {
    expect(basisPointsOfKobo(10000, 9900)).toBe(9900);
    expect(basisPointsOfKobo(12345, 9800)).toBe(12098);
    expect(() => koboToNaira(1.5)).toThrow();
  });
});

describe('utf8ByteLength', () => {
  it('counts UTF-8 bytes (1 to 4 per character)', async () => {
    const { utf8ByteLength } = await import('./schemas/auth.ts');
    const cases: [string, number][] = [
      ['', 0],
      ['abc', 3],
      ['₦100', 6],
      ['naïve', 6],
      ['😀x', 5],
      ['ẞ'.repeat(30), 90],
    ];
    for (const [text, bytes] of cases) expect(utf8ByteLength(text)).toBe(bytes);
  });
});
