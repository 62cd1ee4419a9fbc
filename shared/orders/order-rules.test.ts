import { describe, expect, it } from 'vitest';
import { billingKeyCheckoutUid, currencyOptionShown, currencyOptions, vbankDeadline } from './order-rules.ts';

describe('the currency option', () => {
  it('is shown to a Korean-language visitor outside Korea only', () => {
    expect(currencyOptionShown({ language: 'ko', country: 'US' })).toBe(true);
    expect(currencyOptionShown({ language: 'ko', country: 'KR' })).toBe(false);
    expect(currencyOptionShown({ language: 'ko', country: undefined })).toBe(false);
    expect(currencyOptionShown({ language: 'en', country: 'US' })).toBe(false);
  });

  it('offers won and dollars on the Korean site, the language’s currency elsewhere', () => {
    expect(currencyOptions('ko')).toEqual(['KRW', 'USD']);
    expect(currencyOptions('ja')).toEqual(['JPY']);
    expect(currencyOptions('zh-TW')).toEqual(['USD']);
  });
});

describe('a virtual account’s deadline', () => {
  it('is the end of the third day in Seoul', () => {
    // 1 March 23:30 in Seoul: due 4 March 23:59.
    const deadline = vbankDeadline(Date.parse('2025-03-01T14:30:00Z'));
    expect(deadline.vbankDue).toBe('202503042359');
    expect(new Date(deadline.atMs).toISOString()).toBe('2025-03-04T14:59:59.999Z');
  });
});

describe('the billing-key checkout id', () => {
  it('is the order’s id with its own prefix, within the provider’s 40 characters', () => {
    const id = billingKeyCheckoutUid('ord_0123456789abcdefghjkmnpqrs');
    expect(id).toBe('key_ord_0123456789abcdefghjkmnpqrs');
    expect(id.length).toBeLessThanOrEqual(40);
  });
});
