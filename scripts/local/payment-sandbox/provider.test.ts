import { describe, expect, it } from 'vitest';
import { fromNaverTime, toNaverTime } from '../../../functions/core/adapters/payment-provider/naver-pay.ts';
import { parseVbankDue } from './provider.ts';
import { chargeDecline, maskCardNumber, TEST_CARDS, testCard } from './test-cards.ts';

describe('virtual account due dates (KST)', () => {
  it('read the formats of IMP.request_pay, a date alone meaning the end of that day', () => {
    const at = (iso: string) => Date.parse(iso) / 1000;
    expect(parseVbankDue('20991231')).toBe(at('2099-12-31T23:59:59+09:00'));
    expect(parseVbankDue('209912311200')).toBe(at('2099-12-31T12:00:00+09:00'));
    expect(parseVbankDue('2099-12-31 12:30:15')).toBe(at('2099-12-31T12:30:15+09:00'));
    expect(parseVbankDue('tomorrow')).toBeUndefined();
  });
});

describe("the wallet's times", () => {
  it('are yyyyMMddHHmmss in KST both ways', () => {
    const date = new Date('2025-03-01T15:04:05Z');
    expect(toNaverTime(date)).toBe('20250302000405');
    expect(fromNaverTime('20250302000405')).toEqual(date);
  });
});

describe('test cards', () => {
  it('are unique, and unknown numbers decline', () => {
    expect(new Set(TEST_CARDS.map((card) => card.number)).size).toBe(TEST_CARDS.length);
    expect(testCard('4242 4242 4242 4242').number).toBe('4242424242424242');
    expect(testCard('1111222233334444').checkout.kind).toBe('decline');
  });

  it('decline renewals only from the charge they say', () => {
    const renewalFails = testCard('4000000000000259');
    expect(chargeDecline(renewalFails, 1)).toBeUndefined();
    expect(chargeDecline(renewalFails, 2)?.code).toBe('CC66');
    expect(chargeDecline(testCard('4242424242424242'), 12)).toBeUndefined();
  });

  it('are shown masked', () => {
    expect(maskCardNumber('4242-4242-4242-4242')).toBe('4242********4242');
  });
});
