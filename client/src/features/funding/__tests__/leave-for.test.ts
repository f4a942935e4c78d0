import { describe, expect, it } from 'vitest';
import { leaveFor } from '../lib/leave-for';

describe('leaveFor', () => {
  it('refuses anything but an http(s) address', () => {
    expect(leaveFor('javascript:alert(1)')).toBe(false);
    expect(leaveFor('data:text/html,hi')).toBe(false);
    expect(leaveFor('http://[bad')).toBe(false);
  });
});
