import { describe, expect, it } from 'vitest';
import { type PayForm, payProblems } from './pay-checks.ts';

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
    expect(payProblems(complete)).toEqual([]);
  });

  it('find every problem at once, each with its field, in the specified order', () => {
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
    expect(payProblems(everythingWrong)).toEqual([
      { field: 'final-confirmation', alert: 'check_final_confirm' },
      { field: 'agreement', alert: 'check_agreement' },
      { field: 'pay-method', alert: 'check_paymethod' },
      { field: 'name', alert: 'check_username' },
      { field: 'email', alert: 'check_email' },
      { field: 'phone', alert: 'check_contact' },
      { field: 'account-type', alert: 'check_account_type' },
      { field: 'coupon', alert: 'check_coupon' },
    ]);
  });

  it.each([
    [{ finalConfirms: [false, true, true] }, 'final-confirmation'],
    [{ agreements: [true, false] }, 'agreement'],
    [{ payMethod: undefined }, 'pay-method'],
    [{ userName: '' }, 'name'],
    [{ userName: 'a'.repeat(33) }, 'name'],
    [{ userEmail: 'sky@example' }, 'email'],
    [{ userPhone: '' }, 'phone'],
    [{ accountType: undefined }, 'account-type'],
    [{ couponUnapplied: ' SPRING ' }, 'coupon'],
  ] as const)('%j alone is one problem, at %s', (change, field) => {
    expect(payProblems({ ...complete, ...change } as PayForm).map((problem) => problem.field)).toEqual([
      field,
    ]);
  });

  it('ask the second confirmation only of a subscription and the third only with a coupon', () => {
    const oneTime = { ...complete, isSubscription: false, couponApplied: false, couponUnapplied: '' };
    expect(payProblems({ ...oneTime, finalConfirms: [true, false, false] })).toEqual([]);
    expect(payProblems({ ...oneTime, isSubscription: true, finalConfirms: [true, false, false] })).toEqual([
      { field: 'final-confirmation', alert: 'check_final_confirm' },
    ]);
    expect(payProblems({ ...oneTime, couponApplied: true, finalConfirms: [true, true, false] })).toEqual([
      { field: 'final-confirmation', alert: 'check_final_confirm' },
    ]);
  });

  it('need no account type when the choice is not on the page (CUSTOM, a partner’s rate)', () => {
    expect(payProblems({ ...complete, accountTypeShown: false, accountType: undefined })).toEqual([]);
  });
});
