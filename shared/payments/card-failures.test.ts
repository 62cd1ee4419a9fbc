import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyPaymentFailure,
  ISSUER_DECLINE_CODES,
  isCardFailureCode,
  isRetriableRenewalFailure,
  parseFailReason,
} from './card-failures.ts';

describe('card failure codes (section 8)', () => {
  it('are CC plus two digits, and 8124, 8130, 8484', () => {
    for (const code of ['CC01', 'CC66', 'CC99', '8124', '8130', '8484'])
      expect(isCardFailureCode(code)).toBe(true);
    for (const code of ['CCAG', 'CCC0', 'CC1', 'CC123', 'cc01', '8125', 'F001', ' CC01', ''])
      expect(isCardFailureCode(code)).toBe(false);
  });

  it('match the pattern for any two digits and nothing of another length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (n) => {
        expect(isCardFailureCode(`CC${String(n).padStart(2, '0')}`)).toBe(true);
        expect(isCardFailureCode(`CC${String(n).padStart(3, '0')}`)).toBe(false);
      }),
    );
  });
});

describe('issuer declines', () => {
  it('include every code the specification names', () => {
    for (const code of ['CC01', 'CC03', 'CC04', 'CC07', 'CC66', 'CCAG', 'CCC0', '8124', '8130', '8484'])
      expect(ISSUER_DECLINE_CODES.has(code), code).toBe(true);
  });

  it('are forty card PG codes: the ten named and the thirty of our choosing (docs/payments.md)', () => {
    // Dropping any one would let renewals retry a card its company refused.
    expect(ISSUER_DECLINE_CODES.size).toBe(40);
    for (const code of ISSUER_DECLINE_CODES) expect(code).toMatch(/^(CC[0-9A-Z]{2}|8\d{3})$/);
  });

  it('each stop renewal retries, except CC66 (over the limit), which is retried', () => {
    for (const code of ISSUER_DECLINE_CODES) {
      const kind = classifyPaymentFailure({ message: `[${code}] 카드사 거절` });
      expect(isRetriableRenewalFailure(kind), code).toBe(code === 'CC66');
    }
  });
});

describe('failure texts', () => {
  it('split into the bracketed PG code and the message', () => {
    expect(parseFailReason('[CC01] 잔액부족')).toEqual({ code: 'CC01', message: '잔액부족' });
    expect(parseFailReason(' [8124]거래정지카드 ')).toEqual({ code: '8124', message: '거래정지카드' });
    expect(parseFailReason('카드사 통신 오류')).toEqual({ message: '카드사 통신 오류' });
    expect(parseFailReason(null)).toEqual({ message: '' });
    expect(parseFailReason(undefined)).toEqual({ message: '' });
  });

  it('take the code only where it stands first', () => {
    expect(parseFailReason('PG 응답 [CC01] 잔액부족')).toEqual({ message: 'PG 응답 [CC01] 잔액부족' });
    expect(parseFailReason('[CC01]\n잔액\n부족')).toEqual({ code: 'CC01', message: '잔액\n부족' });
  });

  it('classify: abandoned, limit exceeded (CC66), issuer decline, other card failure, other', () => {
    expect(classifyPaymentFailure({ message: '[결제포기] 사용자가 결제를 취소하셨습니다' })).toBe(
      'abandoned',
    );
    expect(classifyPaymentFailure({ code: 'CC66' })).toBe('limit-exceeded');
    expect(classifyPaymentFailure({ message: '[CC66] 한도초과' })).toBe('limit-exceeded');
    expect(classifyPaymentFailure({ code: 'CCAG' })).toBe('issuer-decline');
    expect(classifyPaymentFailure({ message: '[8484] 분실카드' })).toBe('issuer-decline');
    expect(classifyPaymentFailure({ code: 'CC88' })).toBe('card-failure');
    expect(classifyPaymentFailure({ code: 'F0001' })).toBe('other');
    expect(classifyPaymentFailure({ message: 'timeout' })).toBe('other');
  });

  it('retry a renewal after anything but an issuer decline', () => {
    expect(isRetriableRenewalFailure('limit-exceeded')).toBe(true);
    expect(isRetriableRenewalFailure('card-failure')).toBe(true);
    expect(isRetriableRenewalFailure('other')).toBe(true);
    expect(isRetriableRenewalFailure('issuer-decline')).toBe(false);
    expect(isRetriableRenewalFailure('abandoned')).toBe(false);
  });
});
