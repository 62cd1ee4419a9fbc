import { describe, expect, it } from 'vitest';
import { BANK_TRANSFER, refundDecision } from '../../../shared/refunds/refund-ways.ts';
import { checkAccount, decisionFor, refundWayKind, refusedAccountProblem } from './refund-ways.ts';

const kst = (text: string) => Date.parse(`${text}+09:00`);
const PROVIDER = { source: 'portone', account: 'none' } as const;

describe('the decision a refund screen shows', () => {
  // A phone payment asked in its month: in full through the provider, in part only by bank transfer.
  const phone = {
    pg: 'danal',
    payMethod: 'phone',
    currency: 'KRW',
    paidAt: kst('2026-03-10T10:00:00'),
  } as const;
  const at = kst('2026-03-20T10:00:00');
  const estimate = {
    price: 118_800,
    currency: 'KRW',
    refundWays: { whole: refundDecision(phone, 'whole', at), part: refundDecision(phone, 'part', at) },
  } as const;

  it('is the whole price’s for the whole price, and the part’s for any other amount', () => {
    expect(decisionFor(estimate, 118_800).ways).toEqual([PROVIDER, BANK_TRANSFER]);
    expect(decisionFor(estimate, 118_799)).toEqual({ ways: [BANK_TRANSFER], ownWayClosed: 'phone_partial' });
    expect(decisionFor(estimate, 0).ownWayClosed).toBe('phone_partial');
  });
});

describe('how a way is named', () => {
  const account = { source: 'portone', account: 'required' } as const;
  it.each([
    ['card', 'html5_inicis', 'card'],
    ['phone', 'danal', 'phone'],
    ['kakaopay', 'kakaopay', 'kakaopay'],
    ['payco', 'payco', 'payco'],
    ['naverpay', 'naverpay', 'naverpay'],
    ['card', 'paypal', 'paypal'],
    ['card', 'eximbay', 'card'],
    ['card', 'paymentwall', 'card'],
    ['something_new', 'html5_inicis', 'provider'],
  ] as const)('a provider cancel of %s on %s is %s', (payMethod, pg, kind) => {
    expect(refundWayKind(PROVIDER, { payMethod, pg })).toBe(kind);
  });

  it('names a virtual account’s refund by its account, whatever is known of the payment', () => {
    expect(refundWayKind(account, { payMethod: 'vbank', pg: 'html5_inicis' })).toBe('vbank');
    expect(refundWayKind(account)).toBe('vbank');
    expect(refundWayKind(PROVIDER)).toBe('provider');
  });

  it('names the wallet and the bank transfer by their own way, never by the pay method', () => {
    expect(
      refundWayKind({ source: 'naver_pay', account: 'none' }, { payMethod: 'naver_pay', pg: 'naver_pay' }),
    ).toBe('wallet');
    expect(refundWayKind(BANK_TRANSFER, { payMethod: 'phone', pg: 'danal' })).toBe('transfer');
  });
});

describe('the refund account as typed', () => {
  it('is sent as the schema reads it: digits only, the holder trimmed', () => {
    expect(checkAccount({ bankCode: '04', accountNumber: '123-456 7890', holder: ' 홍길동 ' })).toEqual({
      account: { bankCode: '04', accountNumber: '1234567890', holder: '홍길동' },
    });
  });

  it('has every field’s problem at once', () => {
    expect(checkAccount({ bankCode: '', accountNumber: '', holder: '  ' })).toEqual({
      problems: { bankCode: 'bank_missing', accountNumber: 'number_missing', holder: 'holder_missing' },
    });
  });

  it('tells a number of the wrong length, a bank outside the table and a holder too long', () => {
    expect(checkAccount({ bankCode: '99', accountNumber: '1234567', holder: 'x'.repeat(31) })).toEqual({
      problems: { bankCode: 'bank_missing', accountNumber: 'number_invalid', holder: 'holder_too_long' },
    });
    expect(
      checkAccount({ bankCode: '88', accountNumber: '12345678901234567', holder: 'Kim' }).problems,
    ).toEqual({
      accountNumber: 'number_invalid',
    });
    expect(checkAccount({ bankCode: '88', accountNumber: '12-34-ab-5678', holder: 'Kim' }).problems).toEqual({
      accountNumber: 'number_invalid',
    });
  });

  it('puts the bank’s refusal at the field it is about', () => {
    expect(refusedAccountProblem('holder_mismatch')).toEqual({ holder: 'holder_mismatch' });
    expect(refusedAccountProblem('invalid_account')).toEqual({ accountNumber: 'invalid_account' });
    expect(refusedAccountProblem(undefined)).toBeUndefined();
    expect(refusedAccountProblem('something else')).toBeUndefined();
  });
});
