import { describe, expect, it } from 'vitest';
import { isTestQuery } from './payment-cache.ts';

describe('the payment query', () => {
  it('is in test mode for test=1 or test=true only', () => {
    expect(isTestQuery({ test: '1' })).toBe(true);
    expect(isTestQuery({ test: 'true' })).toBe(true);
    expect(isTestQuery({ test: '0' })).toBe(false);
    expect(isTestQuery({})).toBe(false);
  });
});
