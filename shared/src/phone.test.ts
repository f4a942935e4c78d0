import { describe, expect, it } from 'vitest';
import { detectNetwork, normalisePhone } from './phone.ts';

describe('phone numbers', () => {
  it('normalises +234 and 234 forms to 11 digits', () => {
    expect(normalisePhone('+2348031234567')).toBe('08031234567');
    expect(normalisePhone('2348031234567')).toBe('08031234567');
    expect(normalisePhone('0803 123 4567')).toBe('08031234567');
    expect(normalisePhone('0803123456')).toBeNull();
  });

  it('suggests the network from the prefix, 5-digit prefixes first', () => {
    expect(detectNetwork('08031234567')).toBe('MTN');
    expect(detectNetwork('07025123456')).toBe('MTN');
    expect(detectNetwork('08051234567')).toBe('GLO');
    expect(detectNetwork('09011234567')).toBe('AIRTEL');
    expect(detectNetwork('08091234567')).toBe('9MOBILE');
    expect(detectNetwork('07001234567')).toBeNull();
  });
});
