import { describe, expect, it } from 'vitest';
import { businessNumberDigits, formatBusinessNumber } from './business-number.ts';

describe('the business registration number', () => {
  it('takes a number whose check digit holds, written with or without hyphens', () => {
    expect(businessNumberDigits('116-82-00276')).toBe('1168200276');
    expect(businessNumberDigits(' 1168200276 ')).toBe('1168200276');
    expect(businessNumberDigits('124-81-00998')).toBe('1248100998');
  });

  it('refuses a wrong check digit, a wrong length and letters', () => {
    expect(businessNumberDigits('116-82-00278')).toBeUndefined();
    expect(businessNumberDigits('124-81-00999')).toBeUndefined();
    expect(businessNumberDigits('116-82-0027')).toBeUndefined();
    expect(businessNumberDigits('116-82-0027a')).toBeUndefined();
  });

  it('is written 123-45-67890', () => {
    expect(formatBusinessNumber('1168200276')).toBe('116-82-00276');
  });
});
