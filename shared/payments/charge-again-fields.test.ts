import { describe, expect, it } from 'vitest';
import { CHARGE_AGAIN_LIMITS, fitText } from './charge-again-fields.ts';
import { MERCHANT_UID_PREFIX, newCustomerUid, newMerchantUid } from './merchant-uid.ts';

describe('texts of a charge on a billing key', () => {
  it('are kept whole when they fit', () => {
    expect(fitText('MR_STANDARD_V3', 40)).toBe('MR_STANDARD_V3');
    expect(fitText('김하늘', 16)).toBe('김하늘');
  });

  it('are cut to the limit, between characters a reader sees', () => {
    const name = '가'.repeat(41);
    expect(fitText(name, CHARGE_AGAIN_LIMITS.name)).toBe('가'.repeat(40));
    // A syllable typed as jamo (NFD) is one character once composed, never split into jamo.
    const decomposed = '한국어이름입니다정말긴이름이에요'.normalize('NFD');
    expect(decomposed.length).toBeGreaterThan(16);
    expect(fitText(decomposed, CHARGE_AGAIN_LIMITS.buyerName)).toBe('한국어이름입니다정말긴이름이에요');
    expect(fitText(`${decomposed}요`, CHARGE_AGAIN_LIMITS.buyerName)).toBe(
      '한국어이름입니다정말긴이름이에요',
    );
    // An emoji (two UTF-16 units, or a family of several) is kept whole or left out.
    expect(fitText(`${'a'.repeat(15)}😀`, 16)).toBe('a'.repeat(15));
    expect(fitText(`ab👨‍👩‍👧c`, 4)).toBe('ab');
    expect(fitText('e\u0301'.repeat(3), 2)).toBe('é'.repeat(2));
  });

  it('name merchant uids that fit: every kind of ours is within the 40 characters', () => {
    for (const kind of Object.keys(MERCHANT_UID_PREFIX) as (keyof typeof MERCHANT_UID_PREFIX)[])
      expect(newMerchantUid(kind).length).toBeLessThanOrEqual(CHARGE_AGAIN_LIMITS.merchantUid);
    expect(newCustomerUid().length).toBeLessThanOrEqual(80);
  });
});
