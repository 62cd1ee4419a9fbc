import { describe, expect, it } from 'vitest';
import { firstPayProblem, type PayForm } from './pay-checks.ts';

const complete: PayForm = {
  finalConfirms: [true, true, true],
  isSubscription: true,
  couponApplied: true,
  agreements: [true, true],
  payMethod: 'card',
  userName: '김하늘',
  userEmail: 'sky@example.com',
  userPhone: '+821012345678',
  accountTypeShown: true,
  accountType: 'individual',
  couponUnapplied: '',
};

describe('the checks on pay', () => {
  it('pass a complete form', () => {
    expect(firstPayProblem(complete)).toBeUndefined();
  });

  it('run in the specified order: the first failing one is reported with its section', () => {
    const everythingWrong: PayForm = {
      ...complete,
      finalConfirms: [false, false, false],
      agreements: [false, false],
      payMethod: undefined,
      userName: 'x',
      userEmail: 'nope',
      userPhone: '',
      accountType: undefined,
      couponUnapplied: 'SPRING2025',
    };
    const expected = [
      ['check_final_confirm', 'final-confirmation', { finalConfirms: [true, true, true] }],
      ['check_agreement', 'agreement', { agreements: [true, true] }],
      ['check_paymethod', 'pay-method', { payMethod: 'card' }],
      ['check_username', 'contact', { userName: '김하늘' }],
      ['check_email', 'contact', { userEmail: 'sky@example.com' }],
      ['check_contact', 'contact', { userPhone: '+821012345678' }],
      ['check_account_type', 'account-type', { accountType: 'business' }],
      ['check_coupon', 'coupon', { couponUnapplied: '' }],
    ] as const;
    let form = everythingWrong;
    for (const [alert, section, fix] of expected) {
      expect(firstPayProblem(form)).toEqual({ alert, section });
      form = { ...form, ...fix };
    }
    expect(firstPayProblem(form)).toBeUndefined();
  });

  it('ask the second confirmation only of a subscription and the third only with a coupon', () => {
    const oneTime = { ...complete, isSubscription: false, couponApplied: false, couponUnapplied: '' };
    expect(firstPayProblem({ ...oneTime, finalConfirms: [true, false, false] })).toBeUndefined();
    expect(
      firstPayProblem({ ...oneTime, isSubscription: true, finalConfirms: [true, false, false] })?.alert,
    ).toBe('check_final_confirm');
    expect(
      firstPayProblem({ ...oneTime, couponApplied: true, finalConfirms: [true, true, false] })?.alert,
    ).toBe('check_final_confirm');
  });

  it('need no account type when the choice is not on the page (CUSTOM, a partner’s rate)', () => {
    expect(firstPayProblem({ ...complete, accountTypeShown: false, accountType: undefined })).toBeUndefined();
  });
});
